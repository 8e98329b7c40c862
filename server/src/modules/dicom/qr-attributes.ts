import { ageOf, dateOf, personName, timeOf } from './mwl';

/**
 * The Query/Retrieve attributes the archive answers (PS3.4 C.6.1.1 and C.6.2.1), each with the level it
 * belongs to, how a value given for it is matched, and its value in an answer row. Patient attributes are
 * at PATIENT level: in the Study Root model they are part of the STUDY level, which sits below it, so
 * "at or above the query level" reads the same in both models.
 */
export const LEVELS = ['PATIENT', 'STUDY', 'SERIES', 'IMAGE'] as const;
export type Level = (typeof LEVELS)[number];
export const rankOf = (l: Level) => LEVELS.indexOf(l);

/**
 * How a value is matched: `uid` list of UIDs; `text` single value or wildcard (case-sensitive), `caseless`
 * the same ignoring case; `name` a PN against every group of the patient's name; `person` a PN against a
 * stored display name; `date`/`time` single value or range; `number` an IS; `list` any of several CS values;
 * `none` returned but never matched (a value given for it is an unsupported optional key).
 */
export type MatchKind = 'uid' | 'text' | 'caseless' | 'name' | 'person' | 'date' | 'time' | 'number' | 'list' | 'none';

/** One answer's data: the columns its level selects (absent at levels that do not). */
export interface QrRow {
  patient_id: string;
  patient_name: string;
  patient_pn: string;
  patient_sex: string;
  patient_age?: string;
  study_iuid?: string;
  study_datetime?: Date;
  accession_no?: string;
  study_desc?: string;
  sq_doctor?: string;
  modalities?: string | null;
  sop_classes?: string | null;
  studies?: number;
  series?: number;
  instances?: number;
  series_iuid?: string;
  modality?: string;
  series_number?: number | null;
  series_desc?: string;
  sop_iuid?: string;
  sop_class_uid?: string;
  instance_number?: number | null;
  frame_count?: number;
  transfer_syntax?: string;
}

export interface AnswerContext {
  level: Level;
  /** Our AE title, the Retrieve AE Title of every answer. */
  aet: string;
}

interface QrAttribute {
  level: Level;
  match: MatchKind;
  value: (r: QrRow, c: AnswerContext) => string;
}

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const date = (d: Date | undefined) => (d ? dateOf(d) : '');
const time = (d: Date | undefined) => (d ? timeOf(d) : '');
/** A count that is the query level's own ("related" to the matched entity); empty at another level. */
const countAt = (level: Level, n: (r: QrRow) => number | undefined) => (r: QrRow, c: AnswerContext) =>
  c.level === level ? num(n(r)) : '';

const attr = (level: Level, match: MatchKind, value: QrAttribute['value']): QrAttribute => ({ level, match, value });

export const QR_ATTRIBUTES: Record<string, QrAttribute> = {
  PatientName: attr('PATIENT', 'name', (r) => r.patient_pn || personName(r.patient_name)),
  PatientID: attr('PATIENT', 'text', (r) => r.patient_id),
  PatientBirthDate: attr('PATIENT', 'none', () => ''),
  PatientSex: attr('PATIENT', 'text', (r) => (['M', 'F', 'O'].includes(r.patient_sex) ? r.patient_sex : '')),
  NumberOfPatientRelatedStudies: attr(
    'PATIENT',
    'none',
    countAt('PATIENT', (r) => r.studies),
  ),
  NumberOfPatientRelatedSeries: attr(
    'PATIENT',
    'none',
    countAt('PATIENT', (r) => r.series),
  ),
  NumberOfPatientRelatedInstances: attr(
    'PATIENT',
    'none',
    countAt('PATIENT', (r) => r.instances),
  ),
  RetrieveAETitle: attr('PATIENT', 'none', (_r, c) => c.aet),
  InstanceAvailability: attr('PATIENT', 'none', () => 'ONLINE'),

  StudyInstanceUID: attr('STUDY', 'uid', (r) => text(r.study_iuid)),
  StudyDate: attr('STUDY', 'date', (r) => date(r.study_datetime)),
  StudyTime: attr('STUDY', 'time', (r) => time(r.study_datetime)),
  AccessionNumber: attr('STUDY', 'text', (r) => text(r.accession_no)),
  StudyDescription: attr('STUDY', 'caseless', (r) => text(r.study_desc)),
  ReferringPhysicianName: attr('STUDY', 'person', (r) => personName(text(r.sq_doctor))),
  StudyID: attr('STUDY', 'none', () => ''),
  PatientAge: attr('STUDY', 'none', (r) => ageOf(text(r.patient_age))),
  ModalitiesInStudy: attr('STUDY', 'list', (r) => text(r.modalities)),
  SOPClassesInStudy: attr('STUDY', 'none', (r) => text(r.sop_classes)),
  NumberOfStudyRelatedSeries: attr(
    'STUDY',
    'none',
    countAt('STUDY', (r) => r.series),
  ),
  NumberOfStudyRelatedInstances: attr(
    'STUDY',
    'none',
    countAt('STUDY', (r) => r.instances),
  ),

  SeriesInstanceUID: attr('SERIES', 'uid', (r) => text(r.series_iuid)),
  Modality: attr('SERIES', 'list', (r) => text(r.modality)),
  SeriesNumber: attr('SERIES', 'number', (r) => num(r.series_number)),
  SeriesDescription: attr('SERIES', 'caseless', (r) => text(r.series_desc)),
  NumberOfSeriesRelatedInstances: attr(
    'SERIES',
    'none',
    countAt('SERIES', (r) => r.instances),
  ),

  SOPInstanceUID: attr('IMAGE', 'uid', (r) => text(r.sop_iuid)),
  SOPClassUID: attr('IMAGE', 'uid', (r) => text(r.sop_class_uid)),
  InstanceNumber: attr('IMAGE', 'number', (r) => num(r.instance_number)),
  NumberOfFrames: attr('IMAGE', 'none', (r) => num(r.frame_count)),
  AvailableTransferSyntaxUID: attr('IMAGE', 'none', (r) => text(r.transfer_syntax)),
};

/** Each level's unique key (PS3.4 C.6.1.1.1, C.6.2.1.1). */
export const UNIQUE_KEY: Record<Level, string> = {
  PATIENT: 'PatientID',
  STUDY: 'StudyInstanceUID',
  SERIES: 'SeriesInstanceUID',
  IMAGE: 'SOPInstanceUID',
};
