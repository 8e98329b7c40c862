/**
 * A structural walk over a Part 10 file's data set (little endian, explicit or implicit VR): every element
 * must fit in the file and every undefined-length sequence must be closed. dcmjs reads a cut-short value
 * silently (it keeps the bytes it has), so this is what names a truncated file. It also hands back the raw
 * bytes of the top-level elements asked for, for text that must be decoded by its character set.
 */
export type WalkResult = { ok: true; raw: Map<number, Buffer> } | { ok: false; reason: string };

const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN', 'UC', 'UR', 'OD', 'OL', 'OV', 'SV', 'UV']);
const UNDEFINED = 0xffffffff;
const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQ_END = 0xfffee0dd;

class Cut extends Error {}

export function walkDataSet(buf: Buffer, start: number, explicit: boolean, wanted: ReadonlySet<number>): WalkResult {
  const raw = new Map<number, Buffer>();
  const need = (at: number, n: number) => {
    if (at + n > buf.length) throw new Cut(`element at byte ${at} runs past the end of the file`);
  };
  const tagAt = (at: number) => {
    need(at, 4);
    return ((buf.readUInt16LE(at) << 16) | buf.readUInt16LE(at + 2)) >>> 0;
  };
  /** Items of an undefined-length value up to the sequence delimiter; returns the offset after it. */
  const items = (at: number, depth: number): number => {
    for (;;) {
      const tag = tagAt(at);
      need(at, 8);
      const len = buf.readUInt32LE(at + 4);
      at += 8;
      if (tag === SEQ_END) return at;
      if (tag !== ITEM) throw new Cut(`sequence not closed before byte ${at - 8}`);
      if (len === UNDEFINED) at = dataSet(at, depth + 1, true);
      else {
        need(at, len);
        at += len;
      }
    }
  };
  /** Elements from `at`; inside an item, up to its delimiter. */
  const dataSet = (at: number, depth: number, inItem: boolean): number => {
    if (depth > 32) throw new Cut('sequences nested too deep');
    while (at < buf.length) {
      const tag = tagAt(at);
      if (inItem && tag === ITEM_END) {
        need(at, 8);
        return at + 8;
      }
      let len: number;
      let valueAt: number;
      if (explicit) {
        need(at, 8);
        const vr = buf.toString('latin1', at + 4, at + 6);
        if (LONG_VRS.has(vr)) {
          need(at, 12);
          len = buf.readUInt32LE(at + 8);
          valueAt = at + 12;
        } else {
          len = buf.readUInt16LE(at + 6);
          valueAt = at + 8;
        }
      } else {
        need(at, 8);
        len = buf.readUInt32LE(at + 4);
        valueAt = at + 8;
      }
      if (len === UNDEFINED) {
        at = items(valueAt, depth);
        continue;
      }
      need(valueAt, len);
      if (depth === 0 && wanted.has(tag)) raw.set(tag, buf.subarray(valueAt, valueAt + len));
      at = valueAt + len;
    }
    if (inItem) throw new Cut('item not closed before the end of the file');
    return at;
  };
  try {
    dataSet(start, 0, false);
    return { ok: true, raw };
  } catch (err) {
    if (err instanceof Cut) return { ok: false, reason: err.message };
    throw err;
  }
}

/** Where the data set starts: after the preamble, DICM and the group-2 meta (its group length). */
export function dataSetStart(buf: Buffer): number | null {
  if (buf.length < 144 || buf.toString('latin1', 128, 132) !== 'DICM') return null;
  // (0002,0000) UL, explicit VR: tag 4, VR 2, length 2, value 4
  if (buf.readUInt16LE(132) !== 0x0002 || buf.readUInt16LE(134) !== 0x0000) return null;
  const end = 144 + buf.readUInt32LE(140);
  return end <= buf.length ? end : null;
}
