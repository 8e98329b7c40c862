import iconv from 'iconv-lite';
import { TINY_JPEG, TS } from './dicom-builder';

/**
 * DICOM files with chosen pixels for the renderer's tests (buildDicom makes one kind of CT): bits, sign,
 * photometric, planar configuration, frames, rescale and window; native or JPEG fragments; any syntax UID.
 */
export interface PixelSpec {
  study: string;
  series: string;
  sop: string;
  syntax?: string;
  rows: number;
  cols: number;
  frames?: number;
  samples?: 1 | 3;
  photometric?: string;
  bitsAllocated?: 8 | 16;
  bitsStored?: number;
  highBit?: number;
  signed?: boolean;
  planar?: 0 | 1;
  slope?: string;
  intercept?: string;
  center?: string;
  width?: string;
  /** Native pixel bytes, or JPEG frames (one fragment each). */
  pixels?: Buffer;
  jpegFrames?: Buffer[];
  modality?: string;
  patientName?: string;
  /** GB18030 when set: the patient name is written in it. */
  charset?: string;
  patientId?: string;
  studyDate?: string;
  accession?: string;
}

const LONG = new Set(['OB', 'OW', 'SQ', 'UT', 'UN']);
const u16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const pad = (b: Buffer, vr: string) =>
  b.length % 2 ? Buffer.concat([b, Buffer.from([vr === 'UI' || vr === 'OB' ? 0 : 0x20])]) : b;

function el(tag: number, vr: string, value: Buffer, explicit: boolean, undefinedLength = false): Buffer {
  const head = Buffer.concat([u16(tag >>> 16), u16(tag & 0xffff)]);
  const v = undefinedLength ? value : pad(value, vr);
  const len = undefinedLength ? 0xffffffff : v.length;
  if (!explicit) return Buffer.concat([head, u32(len), v]);
  if (LONG.has(vr)) return Buffer.concat([head, Buffer.from(vr), u16(0), u32(len), v]);
  return Buffer.concat([head, Buffer.from(vr), u16(len), v]);
}

const item = (data: Buffer) => Buffer.concat([u16(0xfffe), u16(0xe000), u32(data.length), data]);

export function pixelDicom(s: PixelSpec): Buffer {
  const syntax = s.syntax ?? TS.explicit;
  const explicit = syntax !== TS.implicit;
  const jpeg = !!s.jpegFrames;
  const bits = s.bitsAllocated ?? 16;
  const a = (v: string) => Buffer.from(v, 'ascii');
  const name = s.charset ? iconv.encode(s.patientName ?? '', 'gb18030') : a(s.patientName ?? 'PIXEL^TEST');
  const ds: [number, string, Buffer][] = [
    ...(s.charset ? [[0x00080005, 'CS', a(s.charset)] as [number, string, Buffer]] : []),
    [0x00080016, 'UI', a('1.2.840.10008.5.1.4.1.1.7')],
    [0x00080018, 'UI', a(s.sop)],
    [0x00080020, 'DA', a(s.studyDate ?? '20261120')],
    [0x00080030, 'TM', a('101500')],
    [0x00080050, 'SH', a(s.accession ?? 'PX001')],
    [0x00080060, 'CS', a(s.modality ?? 'CT')],
    [0x00100010, 'PN', name],
    [0x00100020, 'LO', a(s.patientId ?? 'PX0001')],
    [0x00100030, 'DA', a('19800102')],
    [0x00100040, 'CS', a('F')],
    [0x0020000d, 'UI', a(s.study)],
    [0x0020000e, 'UI', a(s.series)],
    [0x00200011, 'IS', a('1')],
    [0x00200013, 'IS', a('1')],
    [0x00280002, 'US', u16(s.samples ?? 1)],
    [0x00280004, 'CS', a(s.photometric ?? 'MONOCHROME2')],
    ...(s.samples === 3 ? [[0x00280006, 'US', u16(s.planar ?? 0)] as [number, string, Buffer]] : []),
    ...(s.frames ? [[0x00280008, 'IS', a(String(s.frames))] as [number, string, Buffer]] : []),
    [0x00280010, 'US', u16(s.rows)],
    [0x00280011, 'US', u16(s.cols)],
    [0x00280100, 'US', u16(bits)],
    [0x00280101, 'US', u16(s.bitsStored ?? bits)],
    [0x00280102, 'US', u16(s.highBit ?? (s.bitsStored ?? bits) - 1)],
    [0x00280103, 'US', u16(s.signed ? 1 : 0)],
    ...(s.center ? [[0x00281050, 'DS', a(s.center)] as [number, string, Buffer]] : []),
    ...(s.width ? [[0x00281051, 'DS', a(s.width)] as [number, string, Buffer]] : []),
    ...(s.intercept ? [[0x00281052, 'DS', a(s.intercept)] as [number, string, Buffer]] : []),
    ...(s.slope ? [[0x00281053, 'DS', a(s.slope)] as [number, string, Buffer]] : []),
  ];
  const body = ds.map(([tag, vr, v]) => el(tag, vr, v, explicit));
  if (jpeg) {
    const frags = Buffer.concat([item(Buffer.alloc(0)), ...s.jpegFrames!.map((f) => item(pad(f, 'OB')))]);
    const end = Buffer.concat([u16(0xfffe), u16(0xe0dd), u32(0)]);
    body.push(el(0x7fe00010, 'OB', Buffer.concat([frags, end]), true, true));
  } else {
    body.push(el(0x7fe00010, bits === 8 ? 'OB' : 'OW', s.pixels ?? Buffer.alloc(0), explicit));
  }
  const meta = Buffer.concat([
    el(0x00020001, 'OB', Buffer.from([0, 1]), true),
    el(0x00020002, 'UI', a('1.2.840.10008.5.1.4.1.1.7'), true),
    el(0x00020003, 'UI', a(s.sop), true),
    el(0x00020010, 'UI', a(syntax), true),
    el(0x00020012, 'UI', a('1.2.826.0.1.3680043.8.498.1'), true),
  ]);
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM'),
    el(0x00020000, 'UL', u32(meta.length), true),
    meta,
    ...body,
  ]);
}

/** 16-bit words (signed or not) as little-endian bytes. */
export function words(values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16LE(v & 0xffff, i * 2));
  return b;
}

export { TINY_JPEG };
