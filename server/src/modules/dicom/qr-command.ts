import type { Counts } from './qr-status';

/**
 * The parts of C-MOVE and C-GET command sets (PS3.7 9.3.4, 9.3.3) that dimse-command.ts does not write:
 * the move destination of a request, the sub-operation counts of a response. Group 0000, implicit VR LE.
 */
export const QR_COMMAND = { C_GET_RQ: 0x0010, C_MOVE_RQ: 0x0021, C_STORE_RSP: 0x8001 } as const;

const MOVE_DESTINATION = 0x0600;
const COUNT_TAGS = { remaining: 0x1020, completed: 0x1021, failed: 0x1022, warning: 0x1023 } as const;

/** The Move Destination (0000,0600) of a C-MOVE-RQ command set, '' when absent. */
export function moveDestinationOf(command: Buffer): string {
  for (let at = 0; at + 8 <= command.length;) {
    const tag = command.readUInt16LE(at + 2);
    const len = command.readUInt32LE(at + 4);
    if (command.readUInt16LE(at) === 0 && tag === MOVE_DESTINATION)
      return command
        .toString('latin1', at + 8, at + 8 + len)
        .replace(/[\0 ]+$/, '')
        .trim();
    at += 8 + len;
  }
  return '';
}

/**
 * A response command set with the sub-operation counts appended (their tags follow every element
 * dimse-command.ts writes, so the order stays ascending) and its group length made right. Remaining is
 * for pending and cancel responses only (PS3.7 table 9.3-5).
 */
export function withCounts(response: Buffer, c: Counts, withRemaining: boolean): Buffer {
  const fields = (Object.keys(COUNT_TAGS) as (keyof Counts)[]).filter((k) => withRemaining || k !== 'remaining');
  const extra = Buffer.alloc(fields.length * 10);
  fields.forEach((k, i) => {
    extra.writeUInt16LE(0, i * 10);
    extra.writeUInt16LE(COUNT_TAGS[k], i * 10 + 2);
    extra.writeUInt32LE(2, i * 10 + 4);
    extra.writeUInt16LE(Math.min(c[k], 0xffff), i * 10 + 8);
  });
  const out = Buffer.concat([response, extra]);
  // (0000,0000) UL: the bytes after it.
  out.writeUInt32LE(out.length - 12, 8);
  return out;
}
