import { createHash } from 'node:crypto';
import type { JpegFrame } from './jpeg-info';

/** What the study gives every captured image: its patient and study attributes (the worklist's values). */
export interface CaptureStudy {
  study_iuid: string;
  patient_id: string;
  patient_name: string;
  patient_sex: string;
  patient_age: string;
  accession_no: string;
  modality: string;
  study_desc: string;
  study_datetime: Date;
}

export const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
export const JPEG_BASELINE = '1.2.840.10008.1.2.4.50';
const IMPLEMENTATION_UID = '2.25.160314420436316178851094419830166217317';
export const CAPTURE_SERIES_NUMBER = 1000;
export const CAPTURE_SERIES_DESC = 'Capture';

export { newUid } from '../../platform/core/uid';

/** The study's one "Capture" series: its UID is derived from the study's, so every capture finds it. */
export function captureSeriesUid(studyIuid: string): string {
  const h = createHash('sha256').update(`capture-series/${studyIuid}`).digest('hex').slice(0, 32);
  return `2.25.${BigInt(`0x${h}`)}`;
}

type El = { tag: number; vr: string; value: Buffer };
const LONG = new Set(['OB', 'OW', 'UN', 'SQ', 'UT']);
const u16 = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const text = (tag: number, vr: string, s: string, max = 64): El => {
  let v = Buffer.from([...s].slice(0, max).join(''), 'utf8');
  if (v.length % 2) v = Buffer.concat([v, Buffer.from([vr === 'UI' ? 0 : 0x20])]);
  return { tag, vr, value: v };
};
const us = (tag: number, n: number): El => ({ tag, vr: 'US', value: u16(n) });

function encode(e: El): Buffer {
  const head = Buffer.concat([u16(e.tag >>> 16), u16(e.tag & 0xffff), Buffer.from(e.vr, 'ascii')]);
  return LONG.has(e.vr)
    ? Buffer.concat([head, u16(0), u32(e.value.length), e.value])
    : Buffer.concat([head, u16(e.value.length), e.value]);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** '45Y' (the worklist's form) → '045Y' (DICOM AS), or '' when it is not one. */
function ageString(age: string): string {
  const m = /^(\d{1,3})([YMWD])$/.exec(age);
  return m ? `${m[1]!.padStart(3, '0')}${m[2]}` : '';
}

/** The JPEG as encapsulated pixel data: an empty offset table, one fragment, the delimiter. */
function pixelData(jpeg: Buffer): Buffer {
  const frame = jpeg.length % 2 ? Buffer.concat([jpeg, Buffer.from([0])]) : jpeg;
  const item = (b: Buffer) => Buffer.concat([u16(0xfffe), u16(0xe000), u32(b.length), b]);
  return Buffer.concat([
    u16(0x7fe0),
    u16(0x0010),
    Buffer.from('OB', 'ascii'),
    u16(0),
    u32(0xffffffff),
    item(Buffer.alloc(0)),
    item(frame),
    u16(0xfffe),
    u16(0xe0dd),
    u32(0),
  ]);
}

/**
 * A DICOM Part 10 Secondary Capture instance holding a baseline JPEG as it is (JPEG Baseline transfer
 * syntax, no re-encoding), with the study's patient and study attributes, in the study's Capture series.
 * Text is UTF-8 (ISO_IR 192); outside the pixel fragments the data set is explicit VR little endian.
 */
export function secondaryCapture(
  jpeg: Buffer,
  frame: JpegFrame,
  s: CaptureStudy,
  o: { sopIuid: string; instanceNumber: number },
): Buffer {
  const d = s.study_datetime;
  const color = frame.components === 3;
  const data: El[] = [
    text(0x00080005, 'CS', 'ISO_IR 192'),
    text(0x00080016, 'UI', SECONDARY_CAPTURE),
    text(0x00080018, 'UI', o.sopIuid),
    text(0x00080020, 'DA', `${d.getFullYear()}${pad2(d.getMonth() + 1)}${pad2(d.getDate())}`),
    text(0x00080030, 'TM', `${pad2(d.getHours())}${pad2(d.getMinutes())}${pad2(d.getSeconds())}`),
    text(0x00080050, 'SH', s.accession_no, 16),
    text(0x00080060, 'CS', s.modality || 'OT', 16),
    text(0x00080064, 'CS', 'WSD'),
    text(0x00081030, 'LO', s.study_desc),
    text(0x0008103e, 'LO', CAPTURE_SERIES_DESC),
    text(0x00100010, 'PN', s.patient_name),
    text(0x00100020, 'LO', s.patient_id),
    text(0x00100040, 'CS', s.patient_sex, 16),
    text(0x00101010, 'AS', ageString(s.patient_age)),
    text(0x0020000d, 'UI', s.study_iuid),
    text(0x0020000e, 'UI', captureSeriesUid(s.study_iuid)),
    text(0x00200011, 'IS', String(CAPTURE_SERIES_NUMBER)),
    text(0x00200013, 'IS', String(o.instanceNumber)),
    us(0x00280002, frame.components),
    text(0x00280004, 'CS', color ? 'YBR_FULL_422' : 'MONOCHROME2'),
    ...(color ? [us(0x00280006, 0)] : []),
    us(0x00280010, frame.rows),
    us(0x00280011, frame.cols),
    us(0x00280100, 8),
    us(0x00280101, 8),
    us(0x00280102, 7),
    us(0x00280103, 0),
  ];
  const metaBody = Buffer.concat(
    [
      { tag: 0x00020001, vr: 'OB', value: Buffer.from([0, 1]) },
      text(0x00020002, 'UI', SECONDARY_CAPTURE),
      text(0x00020003, 'UI', o.sopIuid),
      text(0x00020010, 'UI', JPEG_BASELINE),
      text(0x00020012, 'UI', IMPLEMENTATION_UID),
    ].map(encode),
  );
  const groupLength = encode({ tag: 0x00020000, vr: 'UL', value: u32(metaBody.length) });
  return Buffer.concat([
    Buffer.alloc(128),
    Buffer.from('DICM', 'ascii'),
    groupLength,
    metaBody,
    ...data.map(encode),
    pixelData(jpeg),
  ]);
}
