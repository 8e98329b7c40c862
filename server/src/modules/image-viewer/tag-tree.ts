import dcmjs from 'dcmjs';
import { IMAGE_TAG_LIMITS, type ImageTag } from '@shared/schemas/image-viewer';

type Dict = ReturnType<typeof dcmjs.data.DicomMessage.readFile>['dict'];
type DicomElement = Dict[string];
export type TagLimits = { elements: number; depth: number; value_chars: number };

/** Values shown as hex: OW as 16-bit words, the others byte by byte (as dcmdump prints them). */
const BINARY = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN']);
const PIXEL_DATA = '7FE00010';

interface Walk {
  limits: TagLimits;
  left: number;
  truncated: boolean;
}

/**
 * A header as the tag browser shows it: the elements of each data set given (file meta information, then
 * the data set) in tag order, sequences as lists of items, within the limits (IMAGE_TAG_LIMITS).
 */
export function tagTree(sets: Dict[], limits: TagLimits = IMAGE_TAG_LIMITS) {
  const walk: Walk = { limits, left: limits.elements, truncated: false };
  const elements = sets.flatMap((set) => listOf(set, 0, walk));
  return { elements, truncated: walk.truncated };
}

function listOf(set: Dict, depth: number, walk: Walk): ImageTag[] {
  const out: ImageTag[] = [];
  // dcmjs keys are 8 upper-case hex digits: their text order is the tags' order.
  for (const key of Object.keys(set).sort()) {
    if (walk.left <= 0) {
      walk.truncated = true;
      break;
    }
    walk.left--;
    out.push(elementOf(key, set[key]!, depth, walk));
  }
  return out;
}

function elementOf(key: string, e: DicomElement, depth: number, walk: Walk): ImageTag {
  const tag = `(${key.slice(0, 4)},${key.slice(4)})`;
  const head = {
    tag: tag.toLowerCase(),
    keyword: dcmjs.data.DicomMetaDictionary.dictionary[tag]?.name ?? '',
    vr: e.vr,
  };
  if (e.vr === 'SQ') {
    const items = (e.Value ?? []) as Dict[];
    if (depth >= walk.limits.depth) return { ...head, value: '', length: items.length, cut: items.length > 0 };
    return {
      ...head,
      value: '',
      length: items.length,
      cut: false,
      items: items.map((i) => listOf(i, depth + 1, walk)),
    };
  }
  const buffers = (e.Value ?? []).filter((v): v is ArrayBuffer => v instanceof ArrayBuffer);
  if (key === PIXEL_DATA || BINARY.has(e.vr) || buffers.length > 0) {
    const length = buffers.reduce((n, b) => n + b.byteLength, 0);
    if (key === PIXEL_DATA) return { ...head, value: '', length, cut: length > 0 };
    return { ...head, ...cutText(hexOf(buffers, e.vr === 'OW', walk.limits.value_chars), walk), length };
  }
  const text = textOf(e);
  return { ...head, ...cutText(text, walk), length: text.length };
}

function cutText(text: string, walk: Walk) {
  const max = walk.limits.value_chars;
  return text.length > max ? { value: text.slice(0, max), cut: true } : { value: text, cut: false };
}

/** The first bytes of a binary value as hex, enough for `max` characters and one more (so a cut shows). */
function hexOf(buffers: ArrayBuffer[], words: boolean, max: number): string {
  const parts: string[] = [];
  let chars = 0;
  for (const b of buffers) {
    const bytes = new Uint8Array(b);
    const step = words ? 2 : 1;
    for (let i = 0; i + step <= bytes.length && chars <= max; i += step) {
      const part = words
        ? ((bytes[i + 1]! << 8) | bytes[i]!).toString(16).padStart(4, '0')
        : bytes[i]!.toString(16).padStart(2, '0');
      parts.push(part);
      chars += part.length + 1;
    }
  }
  return parts.join('\\');
}

/** A text value as stored: dcmjs's raw value (DS and IS as written, PN whole), padding trimmed. */
function textOf(e: DicomElement): string {
  const raw = e._rawValue ?? e.Value ?? [];
  const values = Array.isArray(raw) ? raw : [raw];
  return values
    .map(valueText)
    .join('\\')
    .replace(/[ \0]+$/, '');
}

function valueText(v: unknown): string {
  if (typeof v === 'string') return v.replace(/[ \0]+$/, '');
  if (v && typeof v === 'object') {
    const pn = v as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
    return [pn.Alphabetic ?? '', pn.Ideographic ?? '', pn.Phonetic ?? ''].join('=').replace(/=+$/, '');
  }
  return v === undefined || v === null ? '' : String(v);
}
