/**
 * DICOM upper layer (PS3.8 section 9) and DIMSE command sets (PS3.7 section 9/E) as the forwarding SCU needs
 * them: A-ASSOCIATE-RQ out, AC/RJ in, P-DATA-TF both ways, release and abort. PDU fields are big endian;
 * command sets are implicit VR little endian (group 0000).
 */

export const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';
export const IMPLEMENTATION_CLASS_UID = '1.2.826.0.1.3680043.8.498.1.12';
export const IMPLEMENTATION_VERSION = 'RXPACS_SCU_1';
export const VERIFICATION_SOP_CLASS = '1.2.840.10008.1.1';
export const IMPLICIT_LE = '1.2.840.10008.1.2';
export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
/** What we are ready to receive in one P-DATA-TF PDU. */
export const OUR_MAX_PDU = 256 * 1024;

export const PDU = { ASSOC_RQ: 1, ASSOC_AC: 2, ASSOC_RJ: 3, DATA: 4, RELEASE_RQ: 5, RELEASE_RP: 6, ABORT: 7 } as const;

export interface ProposedContext {
  id: number;
  abstractSyntax: string;
  transferSyntaxes: string[];
}

export interface AcceptedContext {
  id: number;
  /** 0 accepted; 1 user rejection, 2 no reason, 3 abstract syntax not supported, 4 transfer syntaxes not supported. */
  result: number;
  transferSyntax: string;
}

function item(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(type, 0);
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([head, body]);
}

const ascii = (s: string) => Buffer.from(s, 'ascii');

function aeField(aet: string): Buffer {
  return ascii(aet.padEnd(16, ' ').slice(0, 16));
}

export function associateRequest(callingAet: string, calledAet: string, contexts: ProposedContext[]): Buffer {
  const fixed = Buffer.alloc(68);
  fixed.writeUInt16BE(1, 0); // protocol version
  aeField(calledAet).copy(fixed, 4);
  aeField(callingAet).copy(fixed, 20);
  const maxLen = Buffer.alloc(4);
  maxLen.writeUInt32BE(OUR_MAX_PDU, 0);
  const items = [
    fixed,
    item(0x10, ascii(APPLICATION_CONTEXT)),
    ...contexts.map((pc) =>
      item(
        0x20,
        Buffer.concat([
          Buffer.from([pc.id, 0, 0, 0]),
          item(0x30, ascii(pc.abstractSyntax)),
          ...pc.transferSyntaxes.map((ts) => item(0x40, ascii(ts))),
        ]),
      ),
    ),
    item(
      0x50,
      Buffer.concat([
        item(0x51, maxLen),
        item(0x52, ascii(IMPLEMENTATION_CLASS_UID)),
        item(0x55, ascii(IMPLEMENTATION_VERSION)),
      ]),
    ),
  ];
  return pdu(PDU.ASSOC_RQ, Buffer.concat(items));
}

export function pdu(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

export const releaseRequest = () => pdu(PDU.RELEASE_RQ, Buffer.alloc(4));
export const abortRequest = () => pdu(PDU.ABORT, Buffer.alloc(4));

/** The peer's answer to our association request: the contexts and the largest PDU it takes (0: no limit). */
export function parseAssociateAccept(body: Buffer): { contexts: AcceptedContext[]; maxPdu: number } {
  const contexts: AcceptedContext[] = [];
  let maxPdu = 0;
  for (let at = 68; at + 4 <= body.length;) {
    const type = body.readUInt8(at);
    const len = body.readUInt16BE(at + 2);
    const value = body.subarray(at + 4, at + 4 + len);
    if (type === 0x21) {
      let transferSyntax = '';
      for (let sub = 4; sub + 4 <= value.length;) {
        const sl = value.readUInt16BE(sub + 2);
        if (value.readUInt8(sub) === 0x40)
          transferSyntax = value
            .toString('ascii', sub + 4, sub + 4 + sl)
            .replace(/\0+$/, '')
            .trim();
        sub += 4 + sl;
      }
      contexts.push({ id: value.readUInt8(0), result: value.readUInt8(2), transferSyntax });
    } else if (type === 0x50) {
      for (let sub = 0; sub + 4 <= value.length;) {
        const sl = value.readUInt16BE(sub + 2);
        if (value.readUInt8(sub) === 0x51 && sl === 4) maxPdu = value.readUInt32BE(sub + 4);
        sub += 4 + sl;
      }
    }
    at += 4 + len;
  }
  return { contexts, maxPdu };
}

/** A-ASSOCIATE-RJ: result (1 permanent, 2 transient), source (1 user, 2 ACSE provider, 3 presentation provider), reason. */
export function parseAssociateReject(body: Buffer) {
  return { result: body.readUInt8(1), source: body.readUInt8(2), reason: body.readUInt8(3) };
}

/** One PDV in a P-DATA-TF PDU. */
export function dataPdu(contextId: number, command: boolean, last: boolean, value: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt8(PDU.DATA, 0);
  head.writeUInt32BE(value.length + 6, 2);
  head.writeUInt32BE(value.length + 2, 6);
  head.writeUInt8(contextId, 10);
  head.writeUInt8((command ? 1 : 0) | (last ? 2 : 0), 11);
  return Buffer.concat([head, value]);
}

export interface Pdv {
  contextId: number;
  command: boolean;
  last: boolean;
  value: Buffer;
}

export function parsePdvs(body: Buffer): Pdv[] {
  const out: Pdv[] = [];
  for (let at = 0; at + 6 <= body.length;) {
    const len = body.readUInt32BE(at);
    const control = body.readUInt8(at + 5);
    out.push({
      contextId: body.readUInt8(at + 4),
      command: (control & 1) === 1,
      last: (control & 2) === 2,
      value: body.subarray(at + 6, at + 4 + len),
    });
    at += 4 + len;
  }
  return out;
}

// ---------------------------------------------------------------- command sets

type CommandValue = { us: number } | { ui: string } | { ul: number };

function element(tag: number, v: CommandValue): Buffer {
  let value: Buffer;
  if ('us' in v) {
    value = Buffer.alloc(2);
    value.writeUInt16LE(v.us, 0);
  } else if ('ul' in v) {
    value = Buffer.alloc(4);
    value.writeUInt32LE(v.ul, 0);
  } else {
    value = ascii(v.ui.length % 2 ? `${v.ui}\0` : v.ui);
  }
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(tag, 2);
  head.writeUInt32LE(value.length, 4);
  return Buffer.concat([head, value]);
}

function commandSet(fields: [number, CommandValue][]): Buffer {
  const rest = Buffer.concat(fields.map(([tag, v]) => element(tag, v)));
  return Buffer.concat([element(0x0000, { ul: rest.length }), rest]);
}

export const COMMAND = { C_STORE_RQ: 0x0001, C_STORE_RSP: 0x8001, C_ECHO_RQ: 0x0030, C_ECHO_RSP: 0x8030 } as const;
const NO_DATA_SET = 0x0101;

export function storeRequest(messageId: number, sopClass: string, sopInstance: string): Buffer {
  return commandSet([
    [0x0002, { ui: sopClass }],
    [0x0100, { us: COMMAND.C_STORE_RQ }],
    [0x0110, { us: messageId }],
    [0x0700, { us: 0 }],
    [0x0800, { us: 0 }],
    [0x1000, { ui: sopInstance }],
  ]);
}

export function echoRequest(messageId: number): Buffer {
  return commandSet([
    [0x0002, { ui: VERIFICATION_SOP_CLASS }],
    [0x0100, { us: COMMAND.C_ECHO_RQ }],
    [0x0110, { us: messageId }],
    [0x0800, { us: NO_DATA_SET }],
  ]);
}

export interface CommandResponse {
  command: number;
  respondingTo: number;
  status: number;
  comment: string;
}

/** Reads the fields of a response command set that we act on. */
export function parseCommand(buf: Buffer): CommandResponse {
  const out: CommandResponse = { command: 0, respondingTo: 0, status: 0xffff, comment: '' };
  for (let at = 0; at + 8 <= buf.length;) {
    const tag = buf.readUInt16LE(at + 2);
    const len = buf.readUInt32LE(at + 4);
    const v = buf.subarray(at + 8, at + 8 + len);
    if (tag === 0x0100 && len === 2) out.command = v.readUInt16LE(0);
    else if (tag === 0x0120 && len === 2) out.respondingTo = v.readUInt16LE(0);
    else if (tag === 0x0900 && len === 2) out.status = v.readUInt16LE(0);
    else if (tag === 0x0902) out.comment = v.toString('latin1').replace(/[\0 ]+$/, '');
    at += 8 + len;
  }
  return out;
}
