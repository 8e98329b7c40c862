import { decodeText } from './dicom-text';
import { PIXEL_DATA, type Element } from './dicom-dataset';

/**
 * The DICOM JSON model (PS3.18 F.2): tags as 8 upper-case hex digits, each {vr, Value}; person names as
 * {Alphabetic, Ideographic, Phonetic}; text decoded by the file's SpecificCharacterSet (the JSON is UTF-8).
 */
export type JsonAttribute = {
  vr: string;
  Value?: unknown[];
  InlineBinary?: string;
  BulkDataURI?: string;
};
export type JsonDataSet = Record<string, JsonAttribute>;

const CHARSET = 0x00080005;
const SINGLE_VALUED_TEXT = new Set(['LT', 'ST', 'UT', 'UR']);
const TEXT = new Set(['AE', 'AS', 'CS', 'DA', 'DT', 'LO', 'LT', 'SH', 'ST', 'TM', 'UC', 'UI', 'UR', 'UT']);
const BINARY = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);
/** Inline binaries above this are left out (no bulk data endpoint but the pixel data's frames). */
const INLINE_MAX = 64 * 1024;

export const tagKey = (tag: number) => tag.toString(16).toUpperCase().padStart(8, '0');

/** A person name's component groups as PS3.18 F.2.2 writes them. */
export function personName(pn: string): Record<string, string> {
  const [alphabetic, ideographic, phonetic] = pn.split('=');
  const out: Record<string, string> = {};
  if (alphabetic) out.Alphabetic = alphabetic;
  if (ideographic) out.Ideographic = ideographic;
  if (phonetic) out.Phonetic = phonetic;
  return out;
}

/**
 * A data set (the top level or a sequence item) as JSON. The group 2 meta is not part of it; pixel data
 * is a BulkDataURI (its frames) when given one, else left out.
 */
export function toJson(elements: Iterable<Element>, charset = '', pixelUri?: string): JsonDataSet {
  const list = [...elements];
  const own = list.find((e) => e.tag === CHARSET)?.value;
  const cs = own ? own.toString('latin1').replace(/[\0 ]+$/, '') : charset;
  const out: JsonDataSet = {};
  for (const e of list.sort((a, b) => a.tag - b.tag)) {
    if (e.tag >>> 16 === 0x0002) continue;
    const key = tagKey(e.tag);
    if (e.tag === CHARSET) {
      out[key] = { vr: 'CS', Value: ['ISO_IR 192'] };
      continue;
    }
    if (e.tag === PIXEL_DATA) {
      if (pixelUri) out[key] = { vr: e.vr === 'OW' ? 'OW' : 'OB', BulkDataURI: pixelUri };
      continue;
    }
    const attr = attribute(e, cs);
    if (attr) out[key] = attr;
  }
  return out;
}

function attribute(e: Element, cs: string): JsonAttribute | null {
  const { vr, value } = e;
  if (e.items) return { vr: 'SQ', ...(e.items.length ? { Value: e.items.map((i) => toJson(i, cs)) } : {}) };
  if (!value || value.length === 0) return { vr };
  if (vr === 'PN') {
    const names = decodeText(value, cs)
      .split('\\')
      .map((n) => personName(n.trim()));
    return { vr, Value: names };
  }
  if (vr === 'IS' || vr === 'DS') {
    const nums = splitText(value.toString('latin1')).map((s) => (s === '' ? null : Number(s)));
    return { vr, Value: nums.map((n) => (n === null || Number.isFinite(n) ? n : null)) };
  }
  if (TEXT.has(vr)) {
    const s = decodeText(value, cs);
    const values = SINGLE_VALUED_TEXT.has(vr) ? [s] : splitText(s);
    return { vr, Value: values.map((v) => (v === '' ? null : v)) };
  }
  const nums = numbers(vr, value);
  if (nums) return { vr, Value: nums };
  if (vr === 'AT') {
    const tags: string[] = [];
    for (let i = 0; i + 4 <= value.length; i += 4)
      tags.push(tagKey(((value.readUInt16LE(i) << 16) | value.readUInt16LE(i + 2)) >>> 0));
    return { vr, Value: tags };
  }
  if (BINARY.has(vr)) return value.length <= INLINE_MAX ? { vr, InlineBinary: value.toString('base64') } : { vr };
  return { vr: 'UN', InlineBinary: value.toString('base64') };
}

function splitText(s: string): string[] {
  return s
    .replace(/[\0 ]+$/, '')
    .split('\\')
    .map((v) => v.trim());
}

const NUMERIC: Record<string, [number, (b: Buffer, at: number) => number | bigint]> = {
  US: [2, (b, at) => b.readUInt16LE(at)],
  SS: [2, (b, at) => b.readInt16LE(at)],
  UL: [4, (b, at) => b.readUInt32LE(at)],
  SL: [4, (b, at) => b.readInt32LE(at)],
  FL: [4, (b, at) => b.readFloatLE(at)],
  FD: [8, (b, at) => b.readDoubleLE(at)],
  SV: [8, (b, at) => b.readBigInt64LE(at)],
  UV: [8, (b, at) => b.readBigUInt64LE(at)],
};

function numbers(vr: string, value: Buffer): number[] | null {
  const kind = NUMERIC[vr];
  if (!kind) return null;
  const [size, read] = kind;
  const out: number[] = [];
  for (let at = 0; at + size <= value.length; at += size) out.push(Number(read(value, at)));
  return out;
}
