import { VERIFICATION } from './syntaxes';

/**
 * DIMSE command sets (PS3.7 section 9 and annex E): group 0000 in implicit VR little endian, whatever the
 * presentation context's transfer syntax. Requests and responses of C-STORE, C-ECHO and C-FIND, both sides.
 */

export const COMMAND = {
  C_STORE_RQ: 0x0001,
  C_STORE_RSP: 0x8001,
  C_FIND_RQ: 0x0020,
  C_FIND_RSP: 0x8020,
  C_ECHO_RQ: 0x0030,
  C_ECHO_RSP: 0x8030,
  C_CANCEL_RQ: 0x0fff,
} as const;
/** CommandDataSetType: no data set follows; any other value means one does. */
export const NO_DATA_SET = 0x0101;

const TAG = {
  groupLength: 0x0000,
  affectedSopClass: 0x0002,
  command: 0x0100,
  messageId: 0x0110,
  respondingTo: 0x0120,
  priority: 0x0700,
  dataSetType: 0x0800,
  status: 0x0900,
  errorComment: 0x0902,
  affectedSopInstance: 0x1000,
} as const;

type CommandValue = { us: number } | { ui: string } | { ul: number } | { lo: string };

function element(tag: number, v: CommandValue): Buffer {
  let value: Buffer;
  if ('us' in v) {
    value = Buffer.alloc(2);
    value.writeUInt16LE(v.us, 0);
  } else if ('ul' in v) {
    value = Buffer.alloc(4);
    value.writeUInt32LE(v.ul, 0);
  } else if ('ui' in v) {
    value = Buffer.from(v.ui.length % 2 ? `${v.ui}\0` : v.ui, 'ascii');
  } else {
    const lo = v.lo.replace(/[^\x20-\x7e]/g, '?').slice(0, 64);
    value = Buffer.from(lo.length % 2 ? `${lo} ` : lo, 'ascii');
  }
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(tag, 2);
  head.writeUInt32LE(value.length, 4);
  return Buffer.concat([head, value]);
}

function commandSet(fields: [number, CommandValue][]): Buffer {
  const rest = Buffer.concat(fields.map(([tag, v]) => element(tag, v)));
  return Buffer.concat([element(TAG.groupLength, { ul: rest.length }), rest]);
}

export function storeRequest(messageId: number, sopClass: string, sopInstance: string): Buffer {
  return commandSet([
    [TAG.affectedSopClass, { ui: sopClass }],
    [TAG.command, { us: COMMAND.C_STORE_RQ }],
    [TAG.messageId, { us: messageId }],
    [TAG.priority, { us: 0 }],
    [TAG.dataSetType, { us: 0 }],
    [TAG.affectedSopInstance, { ui: sopInstance }],
  ]);
}

export function echoRequest(messageId: number): Buffer {
  return commandSet([
    [TAG.affectedSopClass, { ui: VERIFICATION }],
    [TAG.command, { us: COMMAND.C_ECHO_RQ }],
    [TAG.messageId, { us: messageId }],
    [TAG.dataSetType, { us: NO_DATA_SET }],
  ]);
}

/** A response to `rq`: its command field with the response bit, the SOP class (and instance) it names. */
export function responseTo(
  rq: Command,
  status: number,
  o: { comment?: string | undefined; withDataSet?: boolean } = {},
): Buffer {
  const fields: [number, CommandValue][] = [];
  if (rq.sopClass) fields.push([TAG.affectedSopClass, { ui: rq.sopClass }]);
  fields.push(
    [TAG.command, { us: rq.command | 0x8000 }],
    [TAG.respondingTo, { us: rq.messageId }],
    [TAG.dataSetType, { us: o.withDataSet ? 0x0000 : NO_DATA_SET }],
    [TAG.status, { us: status }],
  );
  if (o.comment) fields.push([TAG.errorComment, { lo: o.comment }]);
  if (rq.sopInstance) fields.push([TAG.affectedSopInstance, { ui: rq.sopInstance }]);
  return commandSet(fields);
}

export interface Command {
  command: number;
  messageId: number;
  respondingTo: number;
  sopClass: string;
  sopInstance: string;
  /** A data set follows this command. */
  hasDataSet: boolean;
  status: number;
  comment: string;
}

const uidText = (v: Buffer) => v.toString('latin1').replace(/[\0 ]+$/, '');

/** Reads the fields of a command set that either side acts on; unknown elements are skipped. */
export function parseCommand(buf: Buffer): Command {
  const out: Command = {
    command: 0,
    messageId: 0,
    respondingTo: 0,
    sopClass: '',
    sopInstance: '',
    hasDataSet: false,
    status: 0xffff,
    comment: '',
  };
  for (let at = 0; at + 8 <= buf.length;) {
    const tag = buf.readUInt16LE(at + 2);
    const len = buf.readUInt32LE(at + 4);
    const v = buf.subarray(at + 8, at + 8 + len);
    if (v.length < len) break;
    if (len === 2 && tag === TAG.command) out.command = v.readUInt16LE(0);
    else if (len === 2 && tag === TAG.messageId) out.messageId = v.readUInt16LE(0);
    else if (len === 2 && tag === TAG.respondingTo) out.respondingTo = v.readUInt16LE(0);
    else if (len === 2 && tag === TAG.dataSetType) out.hasDataSet = v.readUInt16LE(0) !== NO_DATA_SET;
    else if (len === 2 && tag === TAG.status) out.status = v.readUInt16LE(0);
    else if (tag === TAG.errorComment) out.comment = uidText(v);
    else if (tag === TAG.affectedSopClass) out.sopClass = uidText(v);
    else if (tag === TAG.affectedSopInstance) out.sopInstance = uidText(v);
    at += 8 + len;
  }
  return out;
}
