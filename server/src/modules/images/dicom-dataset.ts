import dcmjs from 'dcmjs';

/**
 * A Part 10 file's data set as a tree of elements whose values are views into the file (no copy): the one
 * structural reader of the archive. The ingest reads it to name a truncated or damaged file (dcmjs keeps a
 * cut-short value silently) and to get the raw bytes of text decoded by its character set; the renderer
 * reads image attributes and pixel fragments from it; DICOMweb's metadata is made of it.
 * Little endian only (explicit or implicit VR, and the encapsulated syntaxes outside their fragments).
 */
export interface Element {
  tag: number;
  vr: string;
  /** The value bytes (defined length); absent for a sequence or encapsulated pixel data. */
  value?: Buffer;
  /** A sequence's items. */
  items?: Element[][];
  /** Encapsulated pixel data: the fragments after the basic offset table, and that table. */
  fragments?: Buffer[];
  offsetTable?: Buffer;
}

export interface DataSet {
  transferSyntax: string;
  explicit: boolean;
  elements: Map<number, Element>;
}

/** VRs whose explicit-VR header carries a 32-bit length after two reserved bytes (PS3.5 7.1.2). */
export const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN', 'UC', 'UR', 'OD', 'OL', 'OV', 'SV', 'UV']);
const UNDEFINED = 0xffffffff;
const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQ_END = 0xfffee0dd;
export const PIXEL_DATA = 0x7fe00010;
const TRANSFER_SYNTAX = 0x00020010;

type Dictionary = Record<string, { vr: string } | undefined>;
const dictionary = (dcmjs.data as unknown as { DicomMetaDictionary: { dictionary: Dictionary } }).DicomMetaDictionary
  .dictionary;

/** The VR of a tag read in implicit VR, from dcmjs's data dictionary (ambiguous ones as the common case). */
export function dictionaryVr(tag: number): string {
  const hex = tag.toString(16).toUpperCase().padStart(8, '0');
  if ((tag & 0xffff) === 0) return 'UL';
  const vr = dictionary[`(${hex.slice(0, 4)},${hex.slice(4)})`]?.vr ?? 'UN';
  if (vr === 'ox' || vr === 'OB or OW') return 'OW';
  if (vr === 'xs' || vr.includes('or')) return 'US';
  return vr;
}

export class DataSetError extends Error {}

/** Where the data set starts: after the preamble, DICM and the group-2 meta (its group length); null if not Part 10. */
export function dataSetStart(buf: Buffer): number | null {
  if (buf.length < 144 || buf.toString('latin1', 128, 132) !== 'DICM') return null;
  // (0002,0000) UL, explicit VR: tag 4, VR 2, length 2, value 4
  if (buf.readUInt16LE(132) !== 0x0002 || buf.readUInt16LE(134) !== 0x0000) return null;
  const end = 144 + buf.readUInt32LE(140);
  return end <= buf.length ? end : null;
}

/** The group-2 meta header's elements (explicit VR little endian, always); throws DataSetError when malformed. */
export function readMeta(buf: Buffer): { start: number; transferSyntax: string; elements: Map<number, Element> } {
  const start = dataSetStart(buf);
  if (start === null) throw new DataSetError('not a Part 10 file');
  const elements = parse(buf, 132, start, true, 0).elements;
  return { start, transferSyntax: text(elements.get(TRANSFER_SYNTAX)?.value), elements };
}

/** Reads the meta header's transfer syntax and the whole data set; throws DataSetError on a malformed file. */
export function readDataSet(buf: Buffer): DataSet {
  const { start, transferSyntax } = readMeta(buf);
  const explicit = transferSyntax !== '1.2.840.10008.1.2';
  return { transferSyntax, explicit, elements: parse(buf, start, buf.length, explicit, 0).elements };
}

function parse(
  buf: Buffer,
  at: number,
  end: number,
  explicit: boolean,
  depth: number,
  /** An undefined-length item: it must end with its delimiter. */
  delimited = false,
): { elements: Map<number, Element>; at: number } {
  if (depth > 32) throw new DataSetError('sequences nested too deep');
  const elements = new Map<number, Element>();
  const need = (from: number, n: number) => {
    if (from + n > end) throw new DataSetError(`element at byte ${from} runs past its end`);
  };
  while (at < end) {
    need(at, 8);
    const tag = ((buf.readUInt16LE(at) << 16) | buf.readUInt16LE(at + 2)) >>> 0;
    if (tag === ITEM_END) return { elements, at: at + 8 };
    let vr: string;
    let len: number;
    let valueAt: number;
    if (explicit) {
      vr = buf.toString('latin1', at + 4, at + 6);
      if (LONG_VRS.has(vr)) {
        need(at, 12);
        len = buf.readUInt32LE(at + 8);
        valueAt = at + 12;
      } else {
        len = buf.readUInt16LE(at + 6);
        valueAt = at + 8;
      }
    } else {
      vr = dictionaryVr(tag);
      len = buf.readUInt32LE(at + 4);
      valueAt = at + 8;
    }
    if (tag === PIXEL_DATA && len === UNDEFINED) {
      const { fragments, at: next } = readFragments(buf, valueAt, end);
      elements.set(tag, { tag, vr: 'OB', offsetTable: fragments[0], fragments: fragments.slice(1) });
      at = next;
    } else if (vr === 'SQ' || len === UNDEFINED) {
      const seqEnd = len === UNDEFINED ? end : valueAt + len;
      need(valueAt, len === UNDEFINED ? 0 : len);
      const { items, at: next } = readItems(buf, valueAt, seqEnd, explicit, depth, len === UNDEFINED);
      elements.set(tag, { tag, vr: 'SQ', items });
      at = next;
    } else {
      need(valueAt, len);
      elements.set(tag, { tag, vr, value: buf.subarray(valueAt, valueAt + len) });
      at = valueAt + len;
    }
  }
  if (delimited) throw new DataSetError('item not closed');
  return { elements, at };
}

function readItems(buf: Buffer, at: number, end: number, explicit: boolean, depth: number, undefinedLength: boolean) {
  const items: Element[][] = [];
  while (at < end) {
    if (at + 8 > end) throw new DataSetError('sequence runs past its end');
    const tag = ((buf.readUInt16LE(at) << 16) | buf.readUInt16LE(at + 2)) >>> 0;
    const len = buf.readUInt32LE(at + 4);
    at += 8;
    if (tag === SEQ_END) return { items, at };
    if (tag !== ITEM) throw new DataSetError('sequence without items');
    const itemEnd = len === UNDEFINED ? end : at + len;
    if (itemEnd > end) throw new DataSetError('item runs past its end');
    const r = parse(buf, at, itemEnd, explicit, depth + 1, len === UNDEFINED);
    items.push([...r.elements.values()]);
    at = len === UNDEFINED ? r.at : itemEnd;
  }
  if (undefinedLength) throw new DataSetError('sequence not closed');
  return { items, at };
}

function readFragments(buf: Buffer, at: number, end: number) {
  const fragments: Buffer[] = [];
  while (at + 8 <= end) {
    const tag = ((buf.readUInt16LE(at) << 16) | buf.readUInt16LE(at + 2)) >>> 0;
    const len = buf.readUInt32LE(at + 4);
    at += 8;
    if (tag === SEQ_END) return { fragments, at };
    if (tag !== ITEM || at + len > end) break;
    fragments.push(buf.subarray(at, at + len));
    at += len;
  }
  throw new DataSetError('encapsulated pixel data not closed');
}

/** A string value without its padding. */
export function text(v: Buffer | undefined): string {
  return v ? v.toString('latin1').replace(/[\0 ]+$/, '') : '';
}

/** The first of a multi-valued number (US or IS/DS text). */
export function numberOf(e: Element | undefined): number | undefined {
  if (!e?.value) return undefined;
  if (e.vr === 'US' && e.value.length >= 2) return e.value.readUInt16LE(0);
  if (e.vr === 'SS' && e.value.length >= 2) return e.value.readInt16LE(0);
  if (e.vr === 'UL' && e.value.length >= 4) return e.value.readUInt32LE(0);
  const first = text(e.value).split('\\')[0]?.trim();
  if (!first) return undefined;
  const n = Number(first);
  return Number.isFinite(n) ? n : undefined;
}
