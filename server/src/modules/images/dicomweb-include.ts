import dcmjs from 'dcmjs';
import type { JsonDataSet } from './dicomweb-json';

/** What `includefield` asks for (PS3.18 8.3.4.3): `all`, or attributes by tag or keyword. */
export interface Includes {
  all: boolean;
  tags: Set<string>;
}

type NameMap = Record<string, { tag?: string } | undefined>;

/** Keyword -> tag (8 hex digits) from dcmjs's data dictionary; undefined for a word it does not know. */
function tagOfKeyword(word: string): string | undefined {
  const names = (dcmjs.data as unknown as { DicomMetaDictionary: { nameMap: NameMap } }).DicomMetaDictionary.nameMap;
  const m = Object.hasOwn(names, word) ? /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/.exec(names[word]?.tag ?? '') : null;
  return m ? `${m[1]}${m[2]}` : undefined;
}

/**
 * The attributes asked for, comma-separated or the key repeated; a keyword the dictionary does not know (or any
 * other word) is ignored, as PS3.18 lets an origin server ignore what it does not support.
 */
export function includesOf(v: string | string[] | undefined): Includes {
  const out: Includes = { all: false, tags: new Set() };
  for (const item of (Array.isArray(v) ? v : v ? [v] : []).flatMap((s) => s.split(','))) {
    const word = item.trim();
    if (word.toLowerCase() === 'all') out.all = true;
    else if (/^[0-9A-Fa-f]{8}$/.test(word)) out.tags.add(word.toUpperCase());
    else {
      const tag = tagOfKeyword(word);
      if (tag) out.tags.add(tag);
    }
  }
  return out;
}

/** The default attributes, those asked for that `answerable` holds (all of them for `all`), in tag order. */
export function pick(answerable: JsonDataSet, defaults: Iterable<string>, inc: Includes): JsonDataSet {
  const keys = inc.all ? Object.keys(answerable) : [...new Set([...defaults, ...inc.tags])];
  const out: JsonDataSet = {};
  for (const k of keys.filter((t) => answerable[t]).sort()) out[k] = answerable[k]!;
  return out;
}

/** Tags asked for that the rows cannot answer: for the instance level, to read from the stored files. */
export function beyond(answerable: JsonDataSet, inc: Includes): string[] {
  return [...inc.tags].filter((t) => !answerable[t]);
}
