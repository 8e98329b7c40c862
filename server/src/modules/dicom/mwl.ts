import { and, asc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { study } from '../../platform/db/schema';
import { nameGroups, wildcardLike } from '../images';
import type { Dataset } from './dimse';
import { attributeOf, originalCharset } from './mwl-charset';
import { CHARSETS, charsetForTexts, EncodedDataset, type Element } from './mwl-encode';
import { matchesWorklist, parseWorklistQuery, wildcardMatch, type WorklistItem, type WorklistQuery } from './mwl-query';
import { IMPLICIT_LE } from './syntaxes';
import { DIMSE_STATUS } from './status';

/** More matches than this: the query is refused as too wide (A700) rather than answered in part. */
export const WORKLIST_MAX_MATCHES = 500;

/** The C-FIND failure the listener answers: 0xA700 Refused: Out of Resources (too many matches), 0xC000 unable to process. */
export class WorklistRefused extends Error {
  constructor(
    readonly status: typeof DIMSE_STATUS.outOfResources | typeof DIMSE_STATUS.cannotUnderstand,
    readonly comment: string,
  ) {
    super(comment);
  }
}

/**
 * Modality worklist C-FIND (1.2.840.10008.5.1.4.31): the scheduled procedures matching `request` (the query
 * data set as the listener received it) for the calling modality of `hospitalCode` ('' when the caller is
 * no registered device). Each result is one pending response's data set.
 *
 * A scheduled procedure is a live study of the device's hospital with no images yet (registrations are study
 * rows too); its one step is scheduled on the calling device (its AE title) at the study's date and time.
 * Answers carry the keys asked for (empty when the archive has no value) in the query's character set.
 */
export async function findWorklist(
  deps: AppDeps,
  request: Dataset | undefined,
  callingAet: string,
  hospitalCode: string,
): Promise<Dataset[]> {
  if (!request || !hospitalCode) return [];
  const elements = request.getElements();
  let q: WorklistQuery;
  try {
    q = parseWorklistQuery(elements);
  } catch (err) {
    throw new WorklistRefused(DIMSE_STATUS.cannotUnderstand, (err as Error).message);
  }
  if (q.stationAet && !wildcardMatch(q.stationAet, callingAet)) return [];
  const rows = await deps.db
    .select({
      pk: study.pk,
      study_iuid: study.study_iuid,
      patient_id: study.patient_id,
      patient_name: study.patient_name,
      patient_sex: study.patient_sex,
      patient_age: study.patient_age,
      accession_no: study.accession_no,
      modality: study.modality,
      study_desc: study.study_desc,
      study_datetime: study.study_datetime,
      sq_doctor: study.sq_doctor,
    })
    .from(study)
    .where(and(...scheduledIn(hospitalCode), ...sqlOf(q)))
    .orderBy(asc(study.study_datetime), asc(study.pk))
    .limit(WORKLIST_MAX_MATCHES + 1);
  const items = rows.map((r) => ({ r, it: itemOf(r, callingAet) })).filter(({ it }) => matchesWorklist(q, it));
  if (items.length > WORKLIST_MAX_MATCHES)
    throw new WorklistRefused(
      DIMSE_STATUS.outOfResources,
      `More than ${WORKLIST_MAX_MATCHES} matches: narrow the query`,
    );
  const charset = answerCharset(
    originalCharset(elements),
    items.map(({ r }) => r),
  );
  const syntax = request.getTransferSyntaxUid() || IMPLICIT_LE;
  return items.map(({ r, it }) => new EncodedDataset(answerOf(q, r, it, charset), CHARSETS[charset]!, syntax));
}

/** Live studies of the hospital with no images (has_dicom_file and file_count both say so). */
function scheduledIn(hospitalCode: string): SQL[] {
  return [
    eq(study.hospital_code, hospitalCode),
    eq(study.is_del, 0),
    eq(study.has_dicom_file, 0),
    eq(study.file_count, 0),
  ];
}

const local = (d: string, days = 0) =>
  new Date(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)) + days);

/** The query as SQL, so the cap counts real matches (the matcher re-checks each row). */
function sqlOf(q: WorklistQuery): SQL[] {
  const out: (SQL | undefined)[] = [];
  if (q.patientName) out.push(or(...nameGroups(q.patientName).map((g) => ilike(study.patient_name, wildcardLike(g)))));
  if (q.patientId) out.push(like(study.patient_id, wildcardLike(q.patientId)));
  if (q.accession) out.push(like(study.accession_no, wildcardLike(q.accession)));
  if (q.modality) out.push(ilike(study.modality, wildcardLike(q.modality)));
  if (q.dateFrom) out.push(gte(study.study_datetime, local(q.dateFrom)));
  if (q.dateTo) out.push(lt(study.study_datetime, local(q.dateTo, 1)));
  return out.filter((s): s is SQL => s !== undefined);
}

type Row = {
  pk: number;
  study_iuid: string;
  patient_id: string;
  patient_name: string;
  patient_sex: string;
  patient_age: string;
  accession_no: string;
  modality: string;
  study_desc: string;
  study_datetime: Date;
  sq_doctor: string;
};

const two = (n: number) => String(n).padStart(2, '0');
/** A stored date and time as DICOM DA and TM, in the server's local time (as the study was registered). */
export const dateOf = (d: Date) => `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}`;
export const timeOf = (d: Date) => `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;

function itemOf(r: Row, callingAet: string): WorklistItem {
  return {
    patientName: r.patient_name,
    patientId: r.patient_id,
    accession: r.accession_no,
    modality: r.modality,
    stationAet: callingAet,
    date: dateOf(r.study_datetime),
  };
}

/** The worklist answers' character set (charsetForTexts) for their rows' texts. */
export function answerCharset(
  asked: string[],
  rows: { patient_name: string; study_desc: string; sq_doctor: string }[],
) {
  return charsetForTexts(
    asked,
    rows.map((r) => r.patient_name + r.study_desc + r.sq_doctor),
  );
}

/** Stored display name as a PN: CJK as it is, others family^given ('Zhang San' -> 'Zhang^San'). */
export const personName = (display: string) => (/[\u3400-\u9fff]/u.test(display) ? display : display.replace(' ', '^'));
/** '45Y' -> '045Y' (AS is three digits and a unit). */
export const ageOf = (a: string) => {
  const m = /^(\d{1,3})([YMWD])$/.exec(a);
  return m ? `${m[1]!.padStart(3, '0')}${m[2]}` : '';
};

type Attr = { tag: number; vr: string; value: (r: Row, it: WorklistItem) => string };
const TOP: Record<string, Attr> = {
  AccessionNumber: { tag: 0x00080050, vr: 'SH', value: (r) => r.accession_no },
  ReferringPhysicianName: { tag: 0x00080090, vr: 'PN', value: (r) => personName(r.sq_doctor) },
  RequestingPhysician: { tag: 0x00321032, vr: 'PN', value: (r) => personName(r.sq_doctor) },
  PatientName: { tag: 0x00100010, vr: 'PN', value: (r) => personName(r.patient_name) },
  PatientID: { tag: 0x00100020, vr: 'LO', value: (r) => r.patient_id },
  PatientBirthDate: { tag: 0x00100030, vr: 'DA', value: () => '' },
  PatientSex: {
    tag: 0x00100040,
    vr: 'CS',
    value: (r) => (['M', 'F', 'O'].includes(r.patient_sex) ? r.patient_sex : ''),
  },
  PatientAge: { tag: 0x00101010, vr: 'AS', value: (r) => ageOf(r.patient_age) },
  StudyInstanceUID: { tag: 0x0020000d, vr: 'UI', value: (r) => r.study_iuid },
  RequestedProcedureDescription: { tag: 0x00321060, vr: 'LO', value: (r) => r.study_desc },
  RequestedProcedureID: { tag: 0x00401001, vr: 'SH', value: (r) => procedureId(r) },
};
const STEP: Record<string, Attr> = {
  Modality: { tag: 0x00080060, vr: 'CS', value: (r) => r.modality },
  ScheduledStationAETitle: { tag: 0x00400001, vr: 'AE', value: (_r, it) => it.stationAet },
  ScheduledProcedureStepStartDate: { tag: 0x00400002, vr: 'DA', value: (_r, it) => it.date },
  ScheduledProcedureStepStartTime: { tag: 0x00400003, vr: 'TM', value: (r) => timeOf(r.study_datetime) },
  ScheduledPerformingPhysicianName: { tag: 0x00400006, vr: 'PN', value: () => '' },
  ScheduledProcedureStepDescription: { tag: 0x00400007, vr: 'LO', value: (r) => r.study_desc },
  ScheduledProcedureStepID: { tag: 0x00400009, vr: 'SH', value: (r) => procedureId(r) },
  ScheduledStationName: { tag: 0x00400010, vr: 'SH', value: () => '' },
};
const SEQUENCE = 0x00400100;
const CHARSET_TAG = 0x00080005;

/** The accession number (SH, 16 characters) when there is one, else the study's number. */
const procedureId = (r: Row) => (r.accession_no || String(r.pk)).slice(0, 16);

/**
 * The keys asked for with their values. A key the worklist keeps no value for (PatientWeight, Allergies,
 * ReferencedStudySequence...) is returned empty (zero length, or a sequence without items), as PS3.4 asks of
 * type 2 return keys; a keyword outside the dictionary (a private tag) cannot be encoded and is left out.
 */
function answerOf(q: WorklistQuery, r: Row, it: WorklistItem, charset: string): Element[] {
  const out: Element[] = [];
  if (charset) out.push({ tag: CHARSET_TAG, vr: 'CS', value: charset });
  const valued = (known: Record<string, Attr>, k: string): Element[] => {
    const a = known[k];
    if (a) return [{ tag: a.tag, vr: a.vr, value: a.value(r, it) }];
    const d = attributeOf(k);
    if (!d || d.tag === SEQUENCE || d.tag === CHARSET_TAG) return [];
    // 'US or SS', 'OB or OW': an empty value of either reads the same; UN keeps explicit VR well formed.
    const vr = /^[A-Z]{2}$/.test(d.vr) ? d.vr : 'UN';
    return [{ tag: d.tag, vr, value: vr === 'SQ' ? [] : '' }];
  };
  for (const k of q.keys) out.push(...valued(TOP, k));
  if (q.stepKeys) {
    // An empty sequence or item asks for the whole step (universal sequence matching).
    const keys = q.stepKeys.length ? q.stepKeys : Object.keys(STEP);
    out.push({ tag: SEQUENCE, vr: 'SQ', value: [keys.flatMap((k) => valued(STEP, k))] });
  }
  return out;
}
