import iconv from 'iconv-lite';
import yazl from 'yazl';

/**
 * DICOM Part 10 files for tests, written by hand (not by dcmjs, which the server reads them with): a
 * 128-byte preamble, DICM, the group-2 meta in explicit VR little endian, then the data set in the chosen
 * transfer syntax. Text in the declared SpecificCharacterSet's bytes (GB18030, GBK or UTF-8).
 */
export const TS = {
  implicit: '1.2.840.10008.1.2',
  explicit: '1.2.840.10008.1.2.1',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
} as const;

const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
/** A real 16x16 baseline JPEG (a grey gradient, made once in Chromium) for the compressed instances. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAABwD/xAAYEAACAwAAAAAAAAAAAAAAAAAABQYiMv/EABQBAQAAAAAAAAAAAAAAAAAAAAD/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwApjaLFBVjaLFCjaLFBVjaLFAP/2Q==',
  'base64',
);

export interface InstanceSpec {
  study: string;
  series: string;
  sop: string;
  syntax?: keyof typeof TS;
  charset?: 'GB18030' | 'GBK' | 'ISO_IR 192' | '';
  patientName?: string;
  patientId?: string;
  sex?: string;
  age?: string;
  accession?: string;
  modality?: string;
  studyDesc?: string;
  seriesDesc?: string;
  seriesNumber?: number;
  instanceNumber?: number;
  studyDate?: string;
  studyTime?: string;
  /** Native pixels (explicit/implicit): rows x cols, 16-bit; default 512. */
  rows?: number;
  cols?: number;
}

const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN', 'UC', 'UR', 'OD', 'OL']);
type Element = { tag: number; vr: string; value: Buffer; undefinedLength?: boolean };

function pad(b: Buffer, vr: string): Buffer {
  if (b.length % 2 === 0) return b;
  return Buffer.concat([b, Buffer.from([vr === 'UI' || vr === 'OB' ? 0 : 0x20])]);
}
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

function encode(e: Element, explicit: boolean): Buffer {
  const head = Buffer.concat([u16(e.tag >>> 16), u16(e.tag & 0xffff)]);
  const value = e.undefinedLength ? e.value : pad(e.value, e.vr);
  const length = e.undefinedLength ? 0xffffffff : value.length;
  if (!explicit) return Buffer.concat([head, u32(length), value]);
  if (LONG_VRS.has(e.vr)) return Buffer.concat([head, Buffer.from(e.vr, 'ascii'), u16(0), u32(length), value]);
  return Buffer.concat([head, Buffer.from(e.vr, 'ascii'), u16(length), value]);
}

function textCodec(charset: InstanceSpec['charset']): (s: string) => Buffer {
  if (charset === 'GB18030') return (s) => iconv.encode(s, 'gb18030');
  if (charset === 'GBK') return (s) => iconv.encode(s, 'gbk');
  if (charset === 'ISO_IR 192') return (s) => Buffer.from(s, 'utf8');
  return (s) => Buffer.from(s, 'latin1');
}

function nativePixels(rows: number, cols: number): Buffer {
  const b = Buffer.alloc(rows * cols * 2);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) b.writeInt16LE(((x + y) % 2048) - 1024, (y * cols + x) * 2);
  return b;
}

function encapsulated(frame: Buffer): Buffer {
  const item = (data: Buffer) => Buffer.concat([u16(0xfffe), u16(0xe000), u32(data.length), data]);
  return Buffer.concat([item(Buffer.alloc(0)), item(pad(frame, 'OB')), u16(0xfffe), u16(0xe0dd), u32(0)]);
}

/** One instance as Part 10 bytes. */
export function buildDicom(s: InstanceSpec): Buffer {
  const syntax = s.syntax ?? 'explicit';
  const jpeg = syntax === 'jpegBaseline';
  const text = textCodec(s.charset ?? '');
  const ascii = (v: string) => Buffer.from(v, 'ascii');
  const rows = jpeg ? 16 : (s.rows ?? 512);
  const cols = jpeg ? 16 : (s.cols ?? 512);
  const sopClass = jpeg ? SECONDARY_CAPTURE : CT_IMAGE;
  const ds: Element[] = [
    ...(s.charset ? [{ tag: 0x00080005, vr: 'CS', value: ascii(s.charset) }] : []),
    { tag: 0x00080016, vr: 'UI', value: ascii(sopClass) },
    { tag: 0x00080018, vr: 'UI', value: ascii(s.sop) },
    { tag: 0x00080020, vr: 'DA', value: ascii(s.studyDate ?? '20261120') },
    { tag: 0x00080030, vr: 'TM', value: ascii(s.studyTime ?? '093015') },
    { tag: 0x00080050, vr: 'SH', value: ascii(s.accession ?? 'ACC001') },
    { tag: 0x00080060, vr: 'CS', value: ascii(s.modality ?? (jpeg ? 'OT' : 'CT')) },
    { tag: 0x00081030, vr: 'LO', value: text(s.studyDesc ?? '') },
    { tag: 0x0008103e, vr: 'LO', value: text(s.seriesDesc ?? '') },
    { tag: 0x00100010, vr: 'PN', value: text(s.patientName ?? 'TEST^PATIENT') },
    { tag: 0x00100020, vr: 'LO', value: ascii(s.patientId ?? 'PT0001') },
    { tag: 0x00100040, vr: 'CS', value: ascii(s.sex ?? 'M') },
    { tag: 0x00101010, vr: 'AS', value: ascii(s.age ?? '045Y') },
    { tag: 0x0020000d, vr: 'UI', value: ascii(s.study) },
    { tag: 0x0020000e, vr: 'UI', value: ascii(s.series) },
    { tag: 0x00200011, vr: 'IS', value: ascii(String(s.seriesNumber ?? 1)) },
    { tag: 0x00200013, vr: 'IS', value: ascii(String(s.instanceNumber ?? 1)) },
    { tag: 0x00280002, vr: 'US', value: u16(jpeg ? 3 : 1) },
    { tag: 0x00280004, vr: 'CS', value: ascii(jpeg ? 'YBR_FULL_422' : 'MONOCHROME2') },
    { tag: 0x00280010, vr: 'US', value: u16(rows) },
    { tag: 0x00280011, vr: 'US', value: u16(cols) },
    { tag: 0x00280100, vr: 'US', value: u16(jpeg ? 8 : 16) },
    { tag: 0x00280101, vr: 'US', value: u16(jpeg ? 8 : 12) },
    { tag: 0x00280102, vr: 'US', value: u16(jpeg ? 7 : 11) },
    { tag: 0x00280103, vr: 'US', value: u16(jpeg ? 0 : 1) },
    jpeg
      ? { tag: 0x7fe00010, vr: 'OB', value: encapsulated(TINY_JPEG), undefinedLength: true }
      : { tag: 0x7fe00010, vr: 'OW', value: nativePixels(rows, cols) },
  ];
  const metaBody = Buffer.concat(
    [
      { tag: 0x00020001, vr: 'OB', value: Buffer.from([0, 1]) },
      { tag: 0x00020002, vr: 'UI', value: ascii(sopClass) },
      { tag: 0x00020003, vr: 'UI', value: ascii(s.sop) },
      { tag: 0x00020010, vr: 'UI', value: ascii(TS[syntax]) },
      { tag: 0x00020012, vr: 'UI', value: ascii('1.2.826.0.1.3680043.8.498.1') },
    ].map((e) => encode(e, true)),
  );
  const groupLength = encode({ tag: 0x00020000, vr: 'UL', value: u32(metaBody.length) }, true);
  const explicit = syntax !== 'implicit';
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'ascii'),
    groupLength,
    metaBody,
    ...ds.map((e) => encode(e, explicit)),
  ]);
}

/** The first part of a file, as a transfer cut short would leave it. */
export const truncate = (file: Buffer, keep = 0.6) => file.subarray(0, Math.floor(file.length * keep));

/** A zip of the given entries (stored uncompressed unless compress is set). */
export function zipOf(entries: { name: string; data: Buffer }[], compress = false): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** UIDs under one root, numbered. */
export const uid = (...parts: (string | number)[]) => ['1.2.826.0.1.3680043.8.498.77', ...parts].join('.');
