import type { HisOrderData, HisPatient } from '@shared/schemas/his';
import type { MessageKey, Params } from '../../platform/core/i18n';
import { HL7_ERROR, type AckAnswer } from './hl7-ack';
import { parseHl7Time, type Hl7Message, type Hl7Segment } from './hl7-message';

/** What an HL7 message asks of the order store. */
export type HisEvent =
  | { kind: 'order'; action: 'new' | 'change' | 'cancel'; order: HisOrderData }
  | { kind: 'patient'; patient: HisPatient; visit: Pick<HisOrderData, 'patient_type' | 'department' | 'bed_no'> }
  | { kind: 'merge'; patient: HisPatient; from_id: string };

/**
 * A message that cannot be taken: the ACK's code, HL7 error and text (English: it lands in an interface
 * engine's log). `forUser`: the same in the user's language, where a person at the desk may meet it.
 */
export class Refusal extends Error {
  constructor(
    readonly answer: AckAnswer & { code: 'AE' | 'AR' },
    readonly forUser?: { key: MessageKey; params?: Params },
  ) {
    super(answer.text);
  }
}
const missing = (what: string) => new Refusal({ code: 'AE', error: HL7_ERROR.requiredField, text: `${what} is empty` });

const MAX = { id: 64, name: 64, text: 512, desc: 512, dept: 64 };
const cut = (s: string, n: number) => s.trim().slice(0, n);
const CJK = /[\u3400-\u9fff]/u;

/** PID-5 as the platform shows a name: a Chinese name as written (family), else "Family Given". */
function nameOf(m: Hl7Message): string {
  const [family = '', given = ''] = m.repeats('PID.5')[0] ?? [];
  if (CJK.test(family)) return cut(family, MAX.name);
  return cut([family, given].filter(Boolean).join(' '), MAX.name);
}

/** A display name of an XCN (id^family^given^...): the name, else the id. */
function doctorOf(xcn: string[] | undefined): string {
  if (!xcn) return '';
  const [id = '', family = '', given = ''] = xcn;
  const name = CJK.test(family) ? family : [family, given].filter(Boolean).join(' ');
  return cut(name || id, MAX.name);
}

export function patientOf(m: Hl7Message): HisPatient {
  const ids = m.repeats('PID.3');
  const id = cut(ids[0]?.[0] ?? '', MAX.id);
  if (!id) throw missing('PID-3 (patient id)');
  const card = ids.find((r) => ['MC', 'CARD', 'JZK'].includes((r[4] ?? '').toUpperCase()))?.[0] ?? '';
  const sex = m.get('PID.8').trim().toUpperCase();
  const birth = m.get('PID.7.1').trim();
  const born = birth ? parseHl7Time(birth) : null;
  if (birth && !born)
    throw new Refusal({ code: 'AE', error: HL7_ERROR.dataType, text: `PID-7 (birth date) is not a date: ${birth}` });
  return {
    id,
    name: nameOf(m),
    sex: sex === 'M' || sex === 'F' || sex === 'O' ? sex : '',
    birth_date: birth.slice(0, 8),
    phone: cut(m.repeats('PID.13')[0]?.[0] ?? '', 32),
    card_no: cut(card, MAX.id),
  };
}

/** PV1-2 (patient class) as the platform's patient type: 1 outpatient, 2 inpatient, 3 emergency, 4 physical exam. */
const CLASS: Record<string, number> = { O: 1, R: 1, I: 2, B: 2, E: 3, T: 4 };

function visitOf(m: Hl7Message) {
  const cls = m.get('PV1.2').trim().toUpperCase();
  return {
    patient_type: cls ? (CLASS[cls] ?? 6) : null,
    // PV1-3: point of care ^ room ^ bed ^ facility ^ ... ^ location description (9)
    department: cut(m.get('PV1.3.9') || m.get('PV1.3.1'), MAX.dept),
    bed_no: cut(m.get('PV1.3.3'), 32),
  };
}

/** The order's ORC control code: NW new, XO change, CA/OC/DC cancel; SC (status) and others are not orders. */
function actionOf(control: string): 'new' | 'change' | 'cancel' | null {
  if (control === 'NW' || control === 'SN') return 'new';
  if (control === 'XO' || control === 'RP') return 'change';
  if (control === 'CA' || control === 'OC' || control === 'DC' || control === 'OD') return 'cancel';
  return null;
}

/** The first non-empty value. */
const first = (...v: string[]) => v.map((s) => s.trim()).find(Boolean) ?? '';

function scheduledOf(m: Hl7Message, obr: Hl7Segment): string {
  const raw = first(m.get('TQ1.7.1'), m.get('ORC.7.4.1'), obr.get('27.4.1'), obr.get('7.1'), m.get('ORC.9.1'));
  if (!raw) return '';
  const at = parseHl7Time(raw);
  if (!at)
    throw new Refusal({ code: 'AE', error: HL7_ERROR.dataType, text: `the scheduled time is not a date: ${raw}` });
  return at.toISOString();
}

/** ORM^O01 (v2.3/2.4) and OMI^O23 (v2.5+): one order per message (the first ORC/OBR pair). */
export function orderEventOf(m: Hl7Message): HisEvent {
  const patient = patientOf(m);
  const control = m.get('ORC.1').trim().toUpperCase();
  const action = actionOf(control);
  if (!action)
    throw new Refusal({
      code: 'AR',
      error: HL7_ERROR.tableValue,
      text: `ORC-1 (order control) ${control || '(empty)'} is not taken`,
    });
  const obr = m.segments('OBR')[0];
  if (!obr) throw missing('OBR');
  const placer = cut(first(m.get('ORC.2.1'), obr.get('2.1')), MAX.id);
  if (!placer) throw missing('ORC-2 / OBR-2 (placer order number)');
  const modality = cut(first(m.get('IPC.5.1'), obr.get('24.1')), 16).toUpperCase();
  if (action !== 'cancel' && !modality) throw missing('OBR-24 / IPC-5 (modality)');
  const price = first(obr.get('23.1.1'), obr.get('23.1'));
  return {
    kind: 'order',
    action,
    order: {
      placer_no: placer,
      accession_no: cut(first(m.get('IPC.1.1'), obr.get('18.1'), m.get('ORC.3.1'), obr.get('3.1')), 64),
      study_iuid: cut(m.get('IPC.3.1'), 64),
      patient,
      ...visitOf(m),
      modality,
      procedure_code: cut(obr.get('4.1'), 64),
      study_desc: cut(first(obr.get('4.2'), obr.get('4.1')), MAX.desc),
      scheduled_at: action === 'cancel' ? '' : scheduledOf(m, obr),
      sq_doctor: doctorOf(m.repeats('ORC.12')[0]) || doctorOf([obr.get('16.1'), obr.get('16.2'), obr.get('16.3')]),
      diagnosis: cut(first(obr.get('13'), m.get('DG1.4')), 1024),
      price: /^\d{1,8}(\.\d{1,2})?$/.test(price) ? price : '',
    },
  };
}

/** ADT A01/A04/A05 (register, admit), A08 (update), A40 (merge patient ids). */
export function adtEventOf(m: Hl7Message): HisEvent {
  const patient = patientOf(m);
  if (m.trigger === 'A40' || m.trigger === 'A34' || m.trigger === 'A18') {
    const from = cut(m.repeats('MRG.1')[0]?.[0] ?? '', MAX.id);
    if (!from) throw missing('MRG-1 (prior patient id)');
    if (from === patient.id)
      throw new Refusal({ code: 'AE', error: HL7_ERROR.unknownKey, text: 'MRG-1 names the same patient as PID-3' });
    return { kind: 'merge', patient, from_id: from };
  }
  return { kind: 'patient', patient, visit: visitOf(m) };
}

const ADT_TRIGGERS = new Set(['A01', 'A04', 'A05', 'A08', 'A18', 'A31', 'A34', 'A40']);

/** The event of a message, or a Refusal naming why it is not taken. */
export function eventOf(m: Hl7Message): HisEvent {
  const type = `${m.type}^${m.trigger}`;
  if (type === 'ORM^O01' || type === 'OMI^O23' || type === 'OMG^O19') return orderEventOf(m);
  if (m.type === 'ADT' && ADT_TRIGGERS.has(m.trigger)) return adtEventOf(m);
  if (m.type === 'ADT')
    throw new Refusal({ code: 'AR', error: HL7_ERROR.eventCode, text: `ADT^${m.trigger} is not taken` });
  throw new Refusal({ code: 'AR', error: HL7_ERROR.messageType, text: `${type} is not taken` });
}
