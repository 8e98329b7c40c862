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

function install(): void {
  const dimseRequire = createRequire(createRequire(import.meta.url).resolve('dcmjs-dimse'));
  const dictionary = (dimseRequire('dcmjs') as { data: { DicomMetaDictionary: Naturalizer } }).data.DicomMetaDictionary;
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

/** The SpecificCharacterSet values the peer sent ([] when it sent none). */
export function originalCharset(naturalized: object | undefined): string[] {
  return ((naturalized as Record<symbol, string[] | undefined> | undefined)?.[ORIGINAL] ?? []).filter(Boolean);
}
