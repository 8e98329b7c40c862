/**
 * Re-encodes an explicit VR little endian data set as implicit VR little endian, for a peer that accepts
 * only the default transfer syntax for an uncompressed instance. Values are copied as they are; sequences
 * and items are written with undefined lengths (their byte lengths change when VRs are dropped).
 */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);
const UNDEFINED = 0xffffffff;

export class ConvertError extends Error {}

function header(group: number, element: number, length: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt16LE(group, 0);
  b.writeUInt16LE(element, 2);
  b.writeUInt32LE(length, 4);
  return b;
}

export function explicitToImplicit(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  const end = elements(buf, 0, buf.length, out, false);
  if (end !== buf.length) throw new ConvertError('trailing bytes');
  return Buffer.concat(out);
}

/** Converts elements from `at` up to `end` (or an item delimiter when inItem with undefined length); returns where it stopped. */
function elements(buf: Buffer, at: number, end: number, out: Buffer[], untilDelimiter: boolean): number {
  while (at < end) {
    if (at + 8 > buf.length) throw new ConvertError('cut short');
    const group = buf.readUInt16LE(at);
    const element = buf.readUInt16LE(at + 2);
    if (group === 0xfffe && element === 0xe00d) {
      if (!untilDelimiter) throw new ConvertError('unexpected item delimiter');
      return at + 8;
    }
    const vr = buf.toString('ascii', at + 4, at + 6);
    const long = LONG_VRS.has(vr);
    const length = long ? buf.readUInt32LE(at + 8) : buf.readUInt16LE(at + 6);
    const valueAt = at + (long ? 12 : 8);
    if (vr === 'SQ') {
      out.push(header(group, element, UNDEFINED));
      at = sequence(buf, valueAt, length, out);
      out.push(header(0xfffe, 0xe0dd, 0));
      continue;
    }
    if (length === UNDEFINED) throw new ConvertError(`undefined length ${vr}`);
    if (valueAt + length > buf.length) throw new ConvertError('cut short');
    out.push(header(group, element, length), buf.subarray(valueAt, valueAt + length));
    at = valueAt + length;
  }
  if (untilDelimiter) throw new ConvertError('item without delimiter');
  return at;
}

function sequence(buf: Buffer, at: number, length: number, out: Buffer[]): number {
  const end = length === UNDEFINED ? buf.length : at + length;
  while (at < end) {
    const group = buf.readUInt16LE(at);
    const element = buf.readUInt16LE(at + 2);
    const itemLength = buf.readUInt32LE(at + 4);
    if (group === 0xfffe && element === 0xe0dd) return at + 8;
    if (group !== 0xfffe || element !== 0xe000) throw new ConvertError('not an item');
    out.push(header(0xfffe, 0xe000, UNDEFINED));
    at =
      itemLength === UNDEFINED
        ? elements(buf, at + 8, buf.length, out, true)
        : elements(buf, at + 8, at + 8 + itemLength, out, false);
    out.push(header(0xfffe, 0xe00d, 0));
  }
  if (length === UNDEFINED) throw new ConvertError('sequence without delimiter');
  return at;
}
