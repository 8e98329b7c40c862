import iconv from 'iconv-lite';
import { explicitElements, explicitHeader } from './dataset-writer';
import { type Element, PIXEL_DATA, readDataSet, readMeta, text } from './dicom-dataset';
import { charsetCodec, decodeText } from './dicom-text';
import { part10Header } from './part10-header';
import { EXPLICIT_LE, IMPLICIT_LE } from './transcode';

/**
 * The attributes that say whose and which study an instance is, as a merge or a series move changes them
 * (the pixels and everything else stay byte for byte).
 */
export const IDENTITY_TAGS = {
  studyInstanceUid: { tag: 0x0020000d, vr: 'UI' },
  accessionNumber: { tag: 0x00080050, vr: 'SH' },
  patientName: { tag: 0x00100010, vr: 'PN' },
  patientId: { tag: 0x00100020, vr: 'LO' },
  patientSex: { tag: 0x00100040, vr: 'CS' },
  patientBirthDate: { tag: 0x00100030, vr: 'DA' },
} as const;

export type IdentityChanges = Partial<Record<keyof typeof IDENTITY_TAGS, string>>;

/** A stored instance this writer does not rewrite (deflated or big endian syntax, or a damaged file). */
export class NotRewritable extends Error {}

const SPECIFIC_CHARACTER_SET = 0x00080005;
const TEXT_VRS = new Set(['PN', 'LO', 'SH', 'ST', 'LT', 'UT', 'UC']);
const UNSUPPORTED = new Set(['1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2']);

const padded = (b: Buffer, vr: string) =>
  b.length % 2 ? Buffer.concat([b, Buffer.from([vr === 'UI' ? 0 : 0x20])]) : b;

/** Encodes in the file's character set, or null when the set cannot hold the text (then the file goes UTF-8). */
function encodeIn(value: string, codec: string | null): Buffer | null {
  if (!codec) return /^[\x20-\x7e]*$/.test(value) ? Buffer.from(value, 'latin1') : null;
  const bytes = iconv.encode(value, codec);
  return iconv.decode(bytes, codec) === value ? bytes : null;
}

/** Every text element, in sequences too, re-encoded from the file's character set to UTF-8. */
function toUtf8(elements: Element[], charset: string): Element[] {
  return elements.map((e) => {
    if (e.items) return { ...e, items: e.items.map((item) => toUtf8(item, charset)) };
    if (!TEXT_VRS.has(e.vr) || !e.value) return e;
    return { ...e, value: padded(Buffer.from(decodeText(e.value, charset), 'utf8'), e.vr) };
  });
}

/** Group lengths other than the meta's would be wrong after a change; they are optional (PS3.5 7.2). */
const withoutGroupLengths = (elements: Element[]) => elements.filter((e) => (e.tag & 0xffff) !== 0);

/**
 * The stored Part 10 file with its identity attributes changed: in the file's own character set when it can
 * hold the new text, else with every text element re-encoded to UTF-8 (ISO_IR 192). An implicit VR file comes
 * out as explicit VR little endian (the same values); an encapsulated one keeps its syntax and fragments.
 */
export function rewriteIdentity(part10: Buffer, changes: IdentityChanges): Buffer {
  let ds: ReturnType<typeof readDataSet>;
  let sourceAet: string;
  try {
    ds = readDataSet(part10);
    sourceAet = text(readMeta(part10).elements.get(0x00020016)?.value);
  } catch (err) {
    throw new NotRewritable(err instanceof Error ? err.message : String(err));
  }
  if (UNSUPPORTED.has(ds.transferSyntax)) throw new NotRewritable(`transfer syntax ${ds.transferSyntax}`);
  const charset = text(ds.elements.get(SPECIFIC_CHARACTER_SET)?.value);
  const codec = charsetCodec(charset);
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [keyof typeof IDENTITY_TAGS, string][];
  const encoded = entries.map(([k, v]) => ({ ...IDENTITY_TAGS[k], value: encodeIn(v, codec) }));
  const utf8 = encoded.some((e) => e.value === null);

  let elements = withoutGroupLengths([...ds.elements.values()]);
  if (utf8) {
    elements = toUtf8(elements, charset);
    elements = elements.filter((e) => e.tag !== SPECIFIC_CHARACTER_SET);
    elements.push({ tag: SPECIFIC_CHARACTER_SET, vr: 'CS', value: Buffer.from('ISO_IR 192', 'latin1') });
  }
  for (const [i, [k, v]] of entries.entries()) {
    const { tag, vr } = IDENTITY_TAGS[k];
    const bytes = utf8 ? Buffer.from(v, 'utf8') : encoded[i]!.value!;
    elements = elements.filter((e) => e.tag !== tag);
    elements.push({ tag, vr, value: padded(bytes, vr) });
  }
  elements.sort((a, b) => a.tag - b.tag);

  const syntax = ds.transferSyntax === IMPLICIT_LE ? EXPLICIT_LE : ds.transferSyntax;
  const header = part10Header({
    sopClass: text(ds.elements.get(0x00080016)?.value),
    sopInstance: text(ds.elements.get(0x00080018)?.value),
    transferSyntax: syntax,
    sourceAet,
  });
  // The writer leaves encapsulated pixel data out: written here in its place, between the tags around it.
  const pixels = elements.find((e) => e.tag === PIXEL_DATA && e.fragments);
  const before = elements.filter((e) => e.tag < PIXEL_DATA || (e.tag === PIXEL_DATA && !pixels));
  const after = elements.filter((e) => e.tag > PIXEL_DATA);
  return Buffer.concat([
    header,
    ...explicitElements(before),
    ...(pixels ? encapsulatedPixels(pixels) : []),
    ...explicitElements(after),
  ]);
}

/** Encapsulated pixel data as stored: its basic offset table, its fragments, the delimiter (PS3.5 A.4). */
function encapsulatedPixels(e: Element): Buffer[] {
  const item = (data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt16LE(0xfffe, 0);
    head.writeUInt16LE(0xe000, 2);
    head.writeUInt32LE(data.length, 4);
    return [head, data];
  };
  const end = Buffer.alloc(8);
  end.writeUInt16LE(0xfffe, 0);
  end.writeUInt16LE(0xe0dd, 2);
  return [
    explicitHeader(PIXEL_DATA, 'OB', 0xffffffff),
    ...item(e.offsetTable ?? Buffer.alloc(0)),
    ...(e.fragments ?? []).flatMap(item),
    end,
  ];
}

/**
 * The identity attributes of a stored instance as text (the person name with all its groups), for the
 * instances that join it to take: a study's own images say best whose they are. Throws NotRewritable.
 */
export function identityOf(part10: Buffer): IdentityChanges & { transferSyntax: string } {
  let ds: ReturnType<typeof readDataSet>;
  try {
    ds = readDataSet(part10);
  } catch (err) {
    throw new NotRewritable(err instanceof Error ? err.message : String(err));
  }
  const charset = text(ds.elements.get(SPECIFIC_CHARACTER_SET)?.value);
  const out: IdentityChanges & { transferSyntax: string } = { transferSyntax: ds.transferSyntax };
  for (const [k, { tag }] of Object.entries(IDENTITY_TAGS) as [keyof typeof IDENTITY_TAGS, { tag: number }][]) {
    const v = ds.elements.get(tag)?.value;
    if (v) out[k] = decodeText(v, charset).replace(/[\0 ]+$/, '');
  }
  return out;
}
