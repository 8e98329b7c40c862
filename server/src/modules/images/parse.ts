import dcmjs from 'dcmjs';
import { normalSex } from '@shared/patient-sex';
import type { MessageKey, Params } from '../../platform/core/i18n';
import { decodeText, displayName } from './dicom-text';
import { DataSetError, readDataSet, readMeta } from './dicom-dataset';

// Its warnings go to the console; what matters comes back as BadDicom instead.
dcmjs.log.setLevel('silent');
dcmjs.log.getLogger('validation.dcmjs').setLevel('silent');

/** What the archive keeps of one instance. Text fields are decoded by the file's character set. */
export interface InstanceMeta {
  study_iuid: string;
  series_iuid: string;
  sop_iuid: string;
  sop_class_uid: string;
  transfer_syntax: string;
  modality: string;
  series_number: number | null;
  series_desc: string;
  instance_number: number | null;
  frame_count: number;
  rows: number | null;
  cols: number | null;
  patient: {
    patient_id: string;
    patient_name: string;
    /** The PN as sent, every group ('Li^Si=李^四'). */
    patient_pn: string;
    patient_sex: string;
    patient_age: string;
    accession_no: string;
    study_desc: string;
    study_datetime: Date | null;
  };
}

/** Why a file is not taken: a message key (lib/i18n) and its parameters; `detail` is for the log only. */
export class BadDicom extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Params,
    readonly detail = '',
  ) {
    super(detail || key);
  }
}

/** An instance is parsed in memory: larger ones are refused, named, rather than risk the server's memory. */
export const INSTANCE_MAX_MIB = 256;
export const INSTANCE_MAX_BYTES = INSTANCE_MAX_MIB * 1024 ** 2;

const DICOMDIR = '1.2.840.10008.1.3.10';
const UID = /^[0-9]+(\.[0-9]+)*$/;
const T = {
  charset: 0x00080005,
  studyDesc: 0x00081030,
  seriesDesc: 0x0008103e,
  patientName: 0x00100010,
  patientId: 0x00100020,
  accession: 0x00080050,
} as const;
const TEXT_TAGS = new Set<number>(Object.values(T));
const LITTLE_ENDIAN = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);

/**
 * Parses one Part 10 file held in memory (at most INSTANCE_MAX_BYTES); throws BadDicom with the reason a person
 * can act on.
 */
export function parseInstance(buf: Buffer): InstanceMeta {
  if (buf.length > INSTANCE_MAX_BYTES) throw new BadDicom('imgTooLarge', { mib: INSTANCE_MAX_MIB });
  let syntax: string;
  try {
    syntax = readMeta(buf).transferSyntax;
  } catch {
    throw new BadDicom('imgNotDicom');
  }
  if (!syntax) throw new BadDicom('imgNotDicom', undefined, 'no transfer syntax');
  // The whole structure must be there: a cut-short value is what names a truncated file. Encapsulated
  // (compressed) syntaxes are explicit VR little endian outside the pixel fragments.
  let raw: Map<number, Buffer> | undefined;
  if (
    LITTLE_ENDIAN.has(syntax) ||
    syntax.startsWith('1.2.840.10008.1.2.4') ||
    syntax.startsWith('1.2.840.10008.1.2.5')
  ) {
    try {
      const { elements } = readDataSet(buf);
      raw = new Map();
      for (const tag of TEXT_TAGS) {
        const value = elements.get(tag)?.value;
        if (value) raw.set(tag, value);
      }
    } catch (err) {
      if (!(err instanceof DataSetError)) throw err;
      throw new BadDicom('imgTruncated', undefined, err.message);
    }
  }
  let parsed;
  try {
    const whole = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
    const ab = (whole ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length)) as ArrayBuffer;
    // The character set is ours to decode (dicom-text); dcmjs refuses some that Chinese archives use.
    // The pixel data is not ours to read here (the walk checked it is whole): stop before it.
    parsed = dcmjs.data.DicomMessage.readFile(ab, { ignoreErrors: true, noCopy: true, untilTag: '7FE00010' });
  } catch (err) {
    throw new BadDicom('imgUnreadable', undefined, (err as Error).message);
  }
  const meta = (tag: string) => first(parsed.meta[tag]);
  const ds = (tag: string) => first(parsed.dict[tag]);
  if (text(meta('00020002')) === DICOMDIR) throw new BadDicom('imgDicomDir');
  const charset =
    raw
      ?.get(T.charset)
      ?.toString('latin1')
      .replace(/[\0 ]+$/, '') ?? '';
  const str = (tag: number, fallback: string) => (raw?.has(tag) ? decodeText(raw.get(tag)!, charset) : fallback);

  const study_iuid = uidOf(ds('0020000D'), 'StudyInstanceUID');
  const series_iuid = uidOf(ds('0020000E'), 'SeriesInstanceUID');
  const sop_iuid = uidOf(ds('00080018') ?? meta('00020003'), 'SOPInstanceUID');
  const name = str(T.patientName, personName(ds('00100010')));
  return {
    study_iuid,
    series_iuid,
    sop_iuid,
    sop_class_uid: text(ds('00080016') ?? meta('00020002')).slice(0, 64),
    transfer_syntax: syntax.slice(0, 64),
    modality: text(ds('00080060')).slice(0, 16),
    series_number: int(ds('00200011')),
    series_desc: str(T.seriesDesc, text(ds('0008103E'))).slice(0, 256),
    instance_number: int(ds('00200013')),
    frame_count: Math.max(1, int(ds('00280008')) ?? 1),
    rows: int(ds('00280010')),
    cols: int(ds('00280011')),
    patient: {
      patient_id: str(T.patientId, text(ds('00100020'))).slice(0, 64),
      patient_name: displayName(name).slice(0, 64),
      patient_pn: name.trim().slice(0, 200),
      patient_sex: normalSex(text(ds('00100040'))),
      patient_age: ageOf(text(ds('00101010'))),
      accession_no: str(T.accession, text(ds('00080050'))).slice(0, 64),
      study_desc: str(T.studyDesc, text(ds('00081030'))).slice(0, 512),
      study_datetime: dateTime(text(ds('00080020')), text(ds('00080030'))),
    },
  };
}

function first(el: { Value?: unknown[] } | undefined): unknown {
  return el?.Value?.[0];
}
function text(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
}
function int(v: unknown): number | null {
  const n = typeof v === 'number' ? v : Number.parseInt(text(v), 10);
  return Number.isSafeInteger(n) && Math.abs(n) <= 2147483647 ? n : null;
}
function personName(v: unknown): string {
  if (v && typeof v === 'object') {
    const pn = v as { Alphabetic?: string; Ideographic?: string };
    return [pn.Alphabetic ?? '', pn.Ideographic ?? ''].join('=');
  }
  return text(v);
}
function uidOf(v: unknown, what: string): string {
  const uid = text(v).replace(/\0/g, '');
  if (!uid) throw new BadDicom('imgNoUid', { what });
  if (uid.length > 64 || !UID.test(uid)) throw new BadDicom('imgBadUid', { what });
  return uid;
}
/** '045Y' → '45Y' (the worklist's form). */
function ageOf(as: string): string {
  const m = /^(\d{1,3})([YMWD])$/.exec(as);
  if (!m) return '';
  return `${Number(m[1])}${m[2] === 'W' ? 'D' : m[2]}`.slice(0, 16);
}
function dateTime(da: string, tm: string): Date | null {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(da);
  if (!d) return null;
  const t = /^(\d{2})(\d{2})?(\d{2})?/.exec(tm);
  const at = new Date(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(t?.[1] ?? 0),
    Number(t?.[2] ?? 0),
    Number(t?.[3] ?? 0),
  );
  return Number.isNaN(at.getTime()) ? null : at;
}
