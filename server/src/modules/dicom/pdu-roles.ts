/**
 * SCP/SCU Role Selection (PS3.7 D.3.3.4), the user information sub-item 0x54: read from an A-ASSOCIATE-RQ,
 * answered in the A-ASSOCIATE-AC. pdu.ts reads and writes the rest of both PDUs.
 */
import { PduError } from './pdu';
import type { RoleSelection } from './syntaxes';

const USER_INFO = 0x50;
const ROLE = 0x54;
/** PDU header (6) and the fixed part of an A-ASSOCIATE-RQ/AC (68). */
const ITEMS_AT = 74;

/** The role selection sub-items of an A-ASSOCIATE-RQ body (the PDU without its 6-byte header). */
export function parseRoleSelections(body: Buffer): RoleSelection[] {
  const out: RoleSelection[] = [];
  for (let at = 68; at + 4 <= body.length;) {
    const len = body.readUInt16BE(at + 2);
    if (body.readUInt8(at) === USER_INFO) {
      const value = body.subarray(at + 4, at + 4 + len);
      for (let sub = 0; sub + 4 <= value.length;) {
        const sl = value.readUInt16BE(sub + 2);
        if (value.readUInt8(sub) === ROLE) out.push(roleOf(value.subarray(sub + 4, sub + 4 + sl)));
        sub += 4 + sl;
      }
    }
    at += 4 + len;
  }
  return out;
}

function roleOf(v: Buffer): RoleSelection {
  if (v.length < 2) throw new PduError('role selection sub-item too short');
  const uidLength = v.readUInt16BE(0);
  if (v.length < 2 + uidLength + 2) throw new PduError('role selection sub-item cut short');
  return {
    sopClass: v
      .toString('ascii', 2, 2 + uidLength)
      .replace(/\0+$/, '')
      .trim(),
    scu: v.readUInt8(2 + uidLength) === 1,
    scp: v.readUInt8(3 + uidLength) === 1,
  };
}

function roleItem(r: RoleSelection): Buffer {
  const uid = Buffer.from(r.sopClass, 'ascii');
  const item = Buffer.alloc(4 + 2 + uid.length + 2);
  item.writeUInt8(ROLE, 0);
  item.writeUInt16BE(item.length - 4, 2);
  item.writeUInt16BE(uid.length, 4);
  uid.copy(item, 6);
  item.writeUInt8(r.scu ? 1 : 0, 6 + uid.length);
  item.writeUInt8(r.scp ? 1 : 0, 7 + uid.length);
  return item;
}

/** The A-ASSOCIATE-AC PDU `ac` (as pdu.ts wrote it) with the role answers added to its user information item. */
export function withRoleSelections(ac: Buffer, roles: readonly RoleSelection[]): Buffer {
  if (!roles.length) return ac;
  for (let at = ITEMS_AT; at + 4 <= ac.length;) {
    const len = ac.readUInt16BE(at + 2);
    if (ac.readUInt8(at) !== USER_INFO) {
      at += 4 + len;
      continue;
    }
    const added = Buffer.concat(roles.map(roleItem));
    const out = Buffer.concat([ac.subarray(0, at + 4 + len), added, ac.subarray(at + 4 + len)]);
    out.writeUInt16BE(len + added.length, at + 2);
    out.writeUInt32BE(out.length - 6, 2);
    return out;
  }
  throw new PduError('A-ASSOCIATE-AC without user information');
}
