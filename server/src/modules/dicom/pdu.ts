/**
 * DICOM upper layer (PS3.8 section 9) for both sides: the forwarding SCU (A-ASSOCIATE-RQ out, AC/RJ in) and
 * the listener (RQ in, AC/RJ out), P-DATA-TF both ways, release and abort. PDU fields are big endian.
 */
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION } from '../images';
import { IMPLICIT_LE as IMPLICIT } from './syntaxes';

export { IMPLICIT_LE, EXPLICIT_LE, VERIFICATION as VERIFICATION_SOP_CLASS } from './syntaxes';
export const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';
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
const textOf = (b: Buffer) => b.toString('ascii').replace(/\0+$/, '').trim();

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
export const releaseResponse = () => pdu(PDU.RELEASE_RP, Buffer.alloc(4));
/** A-ABORT; source 0 service user, 2 service provider (reason 0 not specified, 1 unrecognized PDU, 2 unexpected PDU). */
export const abortRequest = (source = 0, reason = 0) => pdu(PDU.ABORT, Buffer.from([0, 0, source, reason]));

/** What an A-ASSOCIATE-RQ asks: who calls whom, the proposed contexts, the largest PDU the caller takes (0: any). */
export interface AssociateRequest {
  calledAet: string;
  callingAet: string;
  contexts: ProposedContext[];
  maxPdu: number;
  /** The fixed part (called/calling AE, reserved), echoed in the answer as PS3.8 9.3.3 asks. */
  fixed: Buffer;
}

export class PduError extends Error {}

/** Reads an A-ASSOCIATE-RQ body; throws PduError when its structure is broken. */
export function parseAssociateRequest(body: Buffer): AssociateRequest {
  if (body.length < 68) throw new PduError('A-ASSOCIATE-RQ too short');
  const contexts: ProposedContext[] = [];
  let maxPdu = 0;
  let appContext = false;
  for (let at = 68; at < body.length;) {
    if (at + 4 > body.length) throw new PduError('item header cut short');
    const type = body.readUInt8(at);
    const len = body.readUInt16BE(at + 2);
    if (at + 4 + len > body.length) throw new PduError('item cut short');
    const value = body.subarray(at + 4, at + 4 + len);
    if (type === 0x10) appContext = true;
    else if (type === 0x20) {
      if (value.length < 4) throw new PduError('presentation context item too short');
      const pc: ProposedContext = { id: value.readUInt8(0), abstractSyntax: '', transferSyntaxes: [] };
      for (const sub of subItems(value, 4)) {
        if (sub.type === 0x30) pc.abstractSyntax = textOf(sub.value);
        else if (sub.type === 0x40) pc.transferSyntaxes.push(textOf(sub.value));
      }
      contexts.push(pc);
    } else if (type === 0x50) {
      for (const sub of subItems(value, 0))
        if (sub.type === 0x51 && sub.value.length === 4) maxPdu = sub.value.readUInt32BE(0);
    }
    at += 4 + len;
  }
  if (!appContext) throw new PduError('no application context');
  return {
    calledAet: textOf(body.subarray(4, 20)),
    callingAet: textOf(body.subarray(20, 36)),
    contexts,
    maxPdu,
    fixed: body.subarray(0, 68),
  };
}

function* subItems(value: Buffer, from: number): Generator<{ type: number; value: Buffer }> {
  for (let at = from; at + 4 <= value.length;) {
    const len = value.readUInt16BE(at + 2);
    if (at + 4 + len > value.length) throw new PduError('sub-item cut short');
    yield { type: value.readUInt8(at), value: value.subarray(at + 4, at + 4 + len) };
    at += 4 + len;
  }
}

/** A-ASSOCIATE-AC: the request's fixed part, and each proposed context's result and accepted syntax. */
export function associateAccept(rq: AssociateRequest, results: AcceptedContext[], maxPdu: number): Buffer {
  const fixed = Buffer.from(rq.fixed);
  fixed.writeUInt16BE(1, 0);
  const maxLen = Buffer.alloc(4);
  maxLen.writeUInt32BE(maxPdu, 0);
  return pdu(
    PDU.ASSOC_AC,
    Buffer.concat([
      fixed,
      item(0x10, ascii(APPLICATION_CONTEXT)),
      ...results.map((r) =>
        // A refused context still carries a transfer syntax sub-item; its value is not significant.
        item(
          0x21,
          Buffer.concat([Buffer.from([r.id, 0, r.result, 0]), item(0x40, ascii(r.transferSyntax || IMPLICIT))]),
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
    ]),
  );
}

/** A-ASSOCIATE-RJ: result (1 permanent, 2 transient), source (1 service user, 2 ACSE, 3 presentation), reason. */
export const associateReject = (result: number, source: number, reason: number) =>
  pdu(PDU.ASSOC_RJ, Buffer.from([0, result, source, reason]));

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

/** A PDV whose value is in pieces, as the reads brought it (`PduReader` with `splitData`). */
export interface PdvParts {
  contextId: number;
  command: boolean;
  last: boolean;
  values: Buffer[];
}

/**
 * The PDVs of a P-DATA-TF body in parts, without joining it: each value as views of the parts. A PDV whose
 * length leaves no room for its own header, or runs past the body, is out of protocol (PduError).
 */
export function parsePdvParts(parts: readonly Buffer[]): PdvParts[] {
  const total = parts.reduce((n, p) => n + p.length, 0);
  let part = 0;
  let offset = 0;
  /** The next n bytes as views, moving on. */
  const take = (n: number): Buffer[] => {
    const out: Buffer[] = [];
    while (n > 0) {
      const p = parts[part]!;
      const k = Math.min(n, p.length - offset);
      if (k > 0) out.push(p.subarray(offset, offset + k));
      offset += k;
      n -= k;
      if (offset >= p.length) {
        part++;
        offset = 0;
      }
    }
    return out;
  };
  const out: PdvParts[] = [];
  for (let at = 0; at < total;) {
    if (at + 6 > total) throw new PduError('PDV header cut short');
    const head = Buffer.concat(take(6), 6);
    const len = head.readUInt32BE(0);
    if (len < 2 || at + 4 + len > total) throw new PduError(`PDV of ${len} bytes does not fit its PDU`);
    const control = head.readUInt8(5);
    out.push({
      contextId: head.readUInt8(4),
      command: (control & 1) === 1,
      last: (control & 2) === 2,
      values: take(len - 2),
    });
    at += 4 + len;
  }
  return out;
}
