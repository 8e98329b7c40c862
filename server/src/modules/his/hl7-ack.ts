import { randomUUID } from 'node:crypto';
import { buildHl7, hl7Time, type Hl7Message } from './hl7-message';

/** MSA-1: accepted, application error (the sender may fix and resend), rejected (never resend as is). */
export type AckCode = 'AA' | 'AE' | 'AR';

/** HL7 table 0357 error codes used in ERR-3. */
export const HL7_ERROR = {
  segmentSequence: '100',
  requiredField: '101',
  dataType: '102',
  tableValue: '103',
  messageType: '200',
  eventCode: '201',
  processingId: '202',
  version: '203',
  unknownKey: '204',
  recordLocked: '206',
  internal: '207',
} as const;
const ERROR_TEXT: Record<string, string> = {
  '100': 'Segment sequence error',
  '101': 'Required field missing',
  '102': 'Data type error',
  '103': 'Table value not found',
  '200': 'Unsupported message type',
  '201': 'Unsupported event code',
  '202': 'Unsupported processing id',
  '203': 'Unsupported version id',
  '204': 'Unknown key identifier',
  '206': 'Application record locked',
  '207': 'Application internal error',
};

export interface AckAnswer {
  code: AckCode;
  /** What went wrong (MSA-3 and ERR-8), in English: it lands in the HIS interface engine's log. */
  text?: string;
  error?: (typeof HL7_ERROR)[keyof typeof HL7_ERROR];
}

/** What is known of the message answered (an unreadable one: only what its MSH bytes gave). */
export type Answered = Pick<
  Hl7Message,
  | 'trigger'
  | 'controlId'
  | 'version'
  | 'sendingApp'
  | 'sendingFacility'
  | 'receivingApp'
  | 'receivingFacility'
  | 'processingId'
>;

/**
 * The ACK: sender and receiver swapped, MSH-9 ACK^<trigger>^ACK, MSA-2 the message's control id, the
 * version and character set (MSH-18) of the message answered; ERR (v2.5 layout: ERR-3 code, ERR-4
 * severity, ERR-8 text) when it was not accepted.
 */
export function buildAck(m: Answered, a: AckAnswer, charset: string, now: Date): string {
  const err: [string, (string | string[])[]][] =
    a.code === 'AA'
      ? []
      : [
          [
            'ERR',
            [
              '',
              '',
              [a.error ?? HL7_ERROR.internal, ERROR_TEXT[a.error ?? HL7_ERROR.internal]!, 'HL70357'],
              'E',
              '',
              '',
              '',
              (a.text ?? '').slice(0, 200),
            ],
          ],
        ];
  return buildHl7(
    [
      m.receivingApp || 'RXPACS',
      m.receivingFacility,
      m.sendingApp,
      m.sendingFacility,
      hl7Time(now),
      '',
      ['ACK', m.trigger, 'ACK'],
      randomUUID().replace(/-/g, '').slice(0, 20),
      m.processingId || 'P',
      m.version || '2.4',
      '',
      '',
      '',
      '',
      '',
      charset,
    ],
    [['MSA', [a.code, m.controlId, (a.text ?? '').slice(0, 80)]], ...err],
  );
}
