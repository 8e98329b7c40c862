import { crc32 } from 'node:zlib';

/**
 * The received log's bytes on disk (received-log.ts): a record is a page-aligned header, its tag and its
 * instance; the tail file holds two alternating slots naming the oldest record still to be indexed.
 */

export const PAGE = 4096;
export const HEADER = 64;
const MAGIC = 0x31515852; // "RXQ1"
const TAIL_MAGIC = 0x54515852; // "RXQT"
export const TAIL_SLOT = 512;
/** Where a record's flags byte is: set in place, outside the header's CRC. */
export const FLAGS_AT = 34;
/** Set in place on a record withdrawn or indexed (not synced: at worst a start-up takes it again). */
export const DONE = 1;

export const alignUp = (n: number) => Math.ceil(n / PAGE) * PAGE;

/** The header's own CRC: its fields and the tag, not the withdrawn flag (set later in place). */
const headerCrc = (head: Buffer, tag: Buffer) => crc32(tag, crc32(head.subarray(8, FLAGS_AT)));

/** A record's header: magic, header CRC, sequence, arrival, the instance's length and CRC, the tag's length. */
export function recordHeader(r: { seq: number; arrival: number; tag: Buffer }, payload: Buffer): Buffer {
  const head = Buffer.alloc(HEADER);
  head.writeUInt32LE(MAGIC, 0);
  head.writeDoubleLE(r.seq, 8);
  head.writeDoubleLE(r.arrival, 16);
  head.writeUInt32LE(payload.length, 24);
  head.writeUInt32LE(crc32(payload), 28);
  head.writeUInt16LE(r.tag.length, 32);
  head.writeUInt32LE(headerCrc(head, r.tag), 4);
  return head;
}

/** What a header says, if it is a record's with this sequence number; its tag is checked by `tagFits`. */
export function readHeader(head: Buffer, seq: number) {
  if (head.readUInt32LE(0) !== MAGIC || head.readDoubleLE(8) !== seq) return null;
  return {
    arrival: head.readDoubleLE(16),
    length: head.readUInt32LE(24),
    payloadCrc: head.readUInt32LE(28),
    tagLength: head.readUInt16LE(32),
    done: (head[FLAGS_AT]! & DONE) !== 0,
    tagFits: (tag: Buffer) => head.readUInt32LE(4) === headerCrc(head, tag),
  };
}

export interface TailSlot {
  gen: number;
  seq: number;
  offset: number;
}

export function tailSlot(t: TailSlot): Buffer {
  const b = Buffer.alloc(TAIL_SLOT);
  b.writeUInt32LE(TAIL_MAGIC, 0);
  b.writeDoubleLE(t.gen, 8);
  b.writeDoubleLE(t.seq, 16);
  b.writeDoubleLE(t.offset, 24);
  b.writeUInt32LE(crc32(b.subarray(8, 32)), 4);
  return b;
}

/** A tail slot's content, or null when it is not a whole one. */
export function readTailSlot(s: Buffer): TailSlot | null {
  if (s.readUInt32LE(0) !== TAIL_MAGIC || s.readUInt32LE(4) !== crc32(s.subarray(8, 32))) return null;
  return { gen: s.readDoubleLE(8), seq: s.readDoubleLE(16), offset: s.readDoubleLE(24) };
}
