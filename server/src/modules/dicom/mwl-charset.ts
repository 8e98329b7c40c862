import { createRequire } from 'node:module';

/**
 * The query's own SpecificCharacterSet. dcmjs decodes a received data set by it and then rewrites it to
 * 'ISO_IR 192' (its strings are JS strings from then on), so the worklist could not answer in the caller's
 * character set. The raw value survives in dcmjs's element dictionary until naturalization: this wraps the
 * naturalizer of the dcmjs copy dcmjs-dimse loads to keep it on the naturalized data set, hidden (not
 * enumerable, never written). Installed once, when the worklist module is loaded.
 */
const ORIGINAL = Symbol.for('rxpacs.mwl.originalCharset');

type Naturalizer = { naturalizeDataset(ds: Record<string, { _rawValue?: unknown }>): Record<string | symbol, unknown> };

type DictionaryEntry = { tag: string; vr: string };
/** The DicomMetaDictionary of the dcmjs copy dcmjs-dimse itself loads. */
const dictionary = (
  createRequire(createRequire(import.meta.url).resolve('dcmjs-dimse'))('dcmjs') as {
    data: { DicomMetaDictionary: Naturalizer & { nameMap: Record<string, DictionaryEntry | undefined> } };
  }
).data.DicomMetaDictionary;

function install(): void {
  if ((dictionary.naturalizeDataset as { [ORIGINAL]?: true })[ORIGINAL]) return;
  const naturalize = dictionary.naturalizeDataset.bind(dictionary);
  const wrapped = (ds: Parameters<Naturalizer['naturalizeDataset']>[0]) => {
    const out = naturalize(ds);
    const raw = ds?.['00080005']?._rawValue;
    if (Array.isArray(raw) && raw.length)
      Object.defineProperty(out, ORIGINAL, { value: raw.map((v) => String(v).trim()), enumerable: false });
    return out;
  };
  dictionary.naturalizeDataset = Object.assign(wrapped, { [ORIGINAL]: true as const });
}
install();

/** A standard attribute's tag (as a number) and VR by its keyword, from dcmjs's dictionary. */
export function attributeOf(keyword: string): { tag: number; vr: string } | undefined {
  const e = dictionary.nameMap[keyword];
  const m = e && /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/i.exec(e.tag);
  return m ? { tag: parseInt(m[1]! + m[2]!, 16), vr: e.vr } : undefined;
}

/** The SpecificCharacterSet values the peer sent ([] when it sent none). */
export function originalCharset(naturalized: object | undefined): string[] {
  return ((naturalized as Record<symbol, string[] | undefined> | undefined)?.[ORIGINAL] ?? []).filter(Boolean);
}
