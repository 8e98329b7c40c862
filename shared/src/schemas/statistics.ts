import { z } from 'zod';
import { MODALITIES } from '../constants';
import { DateSchema, msg } from './common';

/**
 * Issue 14: statistics (`/orderCount/*`, `/monitor/useTime`, `/meeting/userMeetingCount`). Wire names keep
 * the spec's (section 3: report_doctor, countrc, countrs, countbc, countbs, ct/dr/dx/mr/us with s_, b_, sb_;
 * storage row hospital_name, file_size). docs/statistics.md says how each number is counted.
 */

/** The modalities the statistics tables split by (section 2: CT, DR, DX, MR, US). */
export const STATS_MODALITIES = ['ct', 'dr', 'dx', 'mr', 'us'] as const;
export type StatsModality = (typeof STATS_MODALITIES)[number];

const SnSchema = z.string().trim().max(32);
const MonthOrEmptyRe = /^(\d{4}-(0[1-9]|1[0-2]))?$/;

/** A date range (YYYY-MM-DD, both ends included) with an optional hospital (sn); empty sn = every hospital in scope. */
export const StatsRangeSchema = z
  .strictObject({
    startTime: DateSchema,
    endTime: DateSchema,
    sn: SnSchema.optional(),
  })
  .refine((r) => r.startTime <= r.endTime, { path: ['endTime'], ...msg('statsRangeOrder') });
export type StatsRange = z.infer<typeof StatsRangeSchema>;

// ---------------------------------------------------------------- userWorkCount (doctor workload)

export const UserWorkCountRequestSchema = z
  .strictObject({
    startTime: DateSchema,
    endTime: DateSchema,
    sn: SnSchema.optional(),
    /** A doctor's display name as written on the reports (report_doctor / sh_doctor); empty = every doctor. */
    doctor: z.string().trim().max(64).optional(),
  })
  .refine((r) => r.startTime <= r.endTime, { path: ['endTime'], ...msg('statsRangeOrder') });
export type UserWorkCountRequest = z.infer<typeof UserWorkCountRequestSchema>;

const count = z.number().int().min(0);
const perModality = (prefix: '' | 's_' | 'b_' | 'sb_') =>
  Object.fromEntries(STATS_MODALITIES.map((m) => [`${prefix}${m}`, count])) as Record<
    `${typeof prefix}${StatsModality}`,
    typeof count
  >;

/**
 * One doctor's workload. countrc: reports first-written (saved) by them; countrs: reports audited by them;
 * countbc / countbs: the body parts (study.parts_count) of those reports. ct..us split countrc by modality,
 * s_ct..s_us split countrs, b_ct..b_us split countbc, sb_ct..sb_us split countbs. `total` marks the total row.
 */
export const WorkCountRowSchema = z.object({
  report_doctor: z.string(),
  countrc: count,
  countrs: count,
  countbc: count,
  countbs: count,
  ...perModality(''),
  ...perModality('s_'),
  ...perModality('b_'),
  ...perModality('sb_'),
  total: z.boolean(),
});
export type WorkCountRow = z.infer<typeof WorkCountRowSchema>;
/** Rows sorted by report_doctor, then the total row (always last, also when there are no rows: all zero). */
export const WorkCountAnswerSchema = z.array(WorkCountRowSchema);

// ---------------------------------------------------------------- doctorCount (statistics per hospital)

/** The workload columns per hospital (report_doctor empty): the "statistics per hospital" table 1. */
export const HospitalCountRowSchema = WorkCountRowSchema.extend({ sn: z.string(), hospital_name: z.string() });
export type HospitalCountRow = z.infer<typeof HospitalCountRowSchema>;
export const HospitalCountAnswerSchema = z.array(HospitalCountRowSchema);

// ---------------------------------------------------------------- monthCountByBodyPart

/**
 * Which date puts a study in the period: its study date (default), its report's first writing
 * (report_datetime, rpt_status >= 1) or its audit (sh_datetime, rpt_status 2), as the workload counts do.
 */
export const MONTH_QUERY_TYPES = ['study', 'report', 'audit'] as const;
export type MonthQueryType = (typeof MONTH_QUERY_TYPES)[number];
const blank = z.literal('').transform(() => undefined);

/**
 * The period and hospital sn, as the web page sends them (`month` YYYY-MM) or as the spec lists them
 * (`startTime`/`endTime`, which win over `month`); with `queryType`, and optional `patient_type` (1-6) and
 * `modality` filters. A period and the hospital are required (spec sections 5 and 8), also for the export,
 * but the server checks their presence itself so that a missing one answers the spec's own message
 * ("choose month and hospital before querying") rather than a generic "required".
 */
export const MonthCountRequestSchema = z
  .strictObject({
    month: z.string().trim().regex(MonthOrEmptyRe, msg('statsMonthFormat')).optional(),
    sn: SnSchema.optional(),
    queryType: z.enum(MONTH_QUERY_TYPES).optional().or(blank),
    patient_type: z.coerce.number().int().min(1).max(6).optional().or(blank),
    modality: z.enum(MODALITIES).optional().or(blank),
    startTime: DateSchema.optional().or(blank),
    endTime: DateSchema.optional().or(blank),
  })
  .refine((r) => !r.startTime === !r.endTime, { path: ['endTime'], ...msg('statsRangeBoth') })
  .refine((r) => !r.startTime || !r.endTime || r.startTime <= r.endTime, {
    path: ['endTime'],
    ...msg('statsRangeOrder'),
  });
export type MonthCountRequest = z.infer<typeof MonthCountRequestSchema>;

/**
 * Studies of the month (study_datetime) per modality and body part (study_desc), split by patient type:
 * emergency (patient_type 3), physical exam (4), routine (every other). parts: sum of parts_count.
 */
export const MonthCountRowSchema = z.object({
  modality: z.string(),
  body_part: z.string(),
  routine: count,
  emergency: count,
  exam: count,
  total: count,
  parts: count,
  is_total: z.boolean(),
});
export type MonthCountRow = z.infer<typeof MonthCountRowSchema>;
export const MonthCountAnswerSchema = z.array(MonthCountRowSchema);

// ---------------------------------------------------------------- storage and file usage

/** Storage per hospital: bytes of the live studies made in the range (study.file_size, create_time). */
export const StorageRowSchema = z.object({
  hospital_name: z.string(),
  sn: z.string(),
  /** bytes */
  file_size: z.number().int().min(0),
  /** bytes / 1024000, 2 decimals (spec section 9) */
  mb: z.number(),
  /** mb / 1024, 2 decimals */
  gb: z.number(),
  total: z.boolean(),
});
export type StorageRow = z.infer<typeof StorageRowSchema>;
export const StorageAnswerSchema = z.array(StorageRowSchema);

// ---------------------------------------------------------------- dashboard series

/**
 * A named count: the dashboard's series. Each call takes StatsRangeSchema and counts live studies whose
 * study_datetime is in the range (registrations: create_time), or reports (positiveCount), sorted by name.
 */
export const SERIES_CALLS = [
  'rangeList',
  'hospitalmodalityCount',
  'hourCount',
  'hourRegisterCount',
  'ageRangeCount',
  'countPatientSex',
  'patientTypeCount',
  'positiveCount',
  'descriptionCount',
  'ageRangeRegisterCount',
  'raycount',
  'patientPhoneCount',
  'sqDoctorList',
] as const;
export type SeriesCall = (typeof SERIES_CALLS)[number];
export const SeriesPointSchema = z.object({ name: z.string(), value: count });
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;
export const SeriesAnswerSchema = z.array(SeriesPointSchema);

// ---------------------------------------------------------------- exportExcel

export const STATS_EXPORT_TYPES = [
  'userWorkCount',
  'monthCountByBodyPart',
  'doctorCount',
  'fileUseCount',
  'userMeetingCount',
  'imgProportionCount',
  'zhanJiangCount',
  ...SERIES_CALLS,
] as const;
export type StatsExportType = (typeof STATS_EXPORT_TYPES)[number];
/**
 * `type` names the statistics call; the other fields are that call's own parameters (the server checks them
 * with that call's schema, so the same rules and messages apply as when querying).
 */
export const StatsExportRequestSchema = z.strictObject({
  type: z.enum(STATS_EXPORT_TYPES),
  startTime: DateSchema.optional(),
  endTime: DateSchema.optional(),
  sn: SnSchema.optional(),
  doctor: z.string().trim().max(64).optional(),
  month: MonthCountRequestSchema.shape.month,
  modality: z.string().trim().max(16).optional(),
  queryType: MonthCountRequestSchema.shape.queryType,
  patient_type: MonthCountRequestSchema.shape.patient_type,
  tab: z.enum(['part', 'report', 'work']).optional(),
});
export type StatsExportRequest = z.infer<typeof StatsExportRequestSchema>;

// ---------------------------------------------------------------- issue 14, second part

/**
 * Modalities whose studies expose the patient to ionising radiation (raycount's "ray"); every other
 * modality (MR, US, ES, ...) is "nonRay".
 */
export const RAY_MODALITIES = ['CT', 'CR', 'DR', 'DX', 'MG', 'RF', 'XA', 'PT', 'NM', 'IO', 'PX'] as const;

/** countDatail: the dashboard's headline figures for the range (docs/statistics.md says what each counts). */
export const CountDetailSchema = z.object({
  studies: count,
  patients: count,
  images: count,
  /** bytes */
  file_size: z.number().int().min(0),
  written: count,
  audited: count,
  positive: count,
  critical: count,
});
export type CountDetail = z.infer<typeof CountDetailSchema>;

/** /meeting/userMeetingCount: consultations per hospital (statistics per hospital, table 2). */
export const MeetingCountRowSchema = z.object({
  sn: z.string(),
  hospital_name: z.string(),
  /** single + dual + multi */
  count: count,
  /** one discipline */
  single: count,
  /** two disciplines */
  dual: count,
  /** three or more */
  multi: count,
  total: z.boolean(),
});
export type MeetingCountRow = z.infer<typeof MeetingCountRowSchema>;
export const MeetingCountAnswerSchema = z.array(MeetingCountRowSchema);

/** imgProportionCount (/imgCount, film quality): a date range, a hospital and optionally one modality. */
export const FilmQualityRequestSchema = z
  .strictObject({
    startTime: DateSchema,
    endTime: DateSchema,
    sn: SnSchema.optional(),
    modality: z.string().trim().max(16).optional(),
  })
  .refine((r) => r.startTime <= r.endTime, { path: ['endTime'], ...msg('statsRangeOrder') });
export type FilmQualityRequest = z.infer<typeof FilmQualityRequestSchema>;

/**
 * Film quality per hospital and modality: the image grade of each study's latest quality record (4 grade A,
 * 3 B, 2 C, 1 scrap; spec entity report.image_quality). studies: live studies in the range; rated: those
 * with a grade; rates are percentages of rated with 2 decimals (0 when nothing is rated).
 */
export const FilmQualityRowSchema = z.object({
  sn: z.string(),
  hospital_name: z.string(),
  modality: z.string(),
  studies: count,
  rated: count,
  grade_a: count,
  grade_b: count,
  grade_c: count,
  scrap: count,
  /** grade_a / rated * 100 */
  a_rate: z.number(),
  /** (grade_a + grade_b) / rated * 100 */
  good_rate: z.number(),
  /** scrap / rated * 100 */
  scrap_rate: z.number(),
  total: z.boolean(),
});
export type FilmQualityRow = z.infer<typeof FilmQualityRowSchema>;
export const FilmQualityAnswerSchema = z.array(FilmQualityRowSchema);

/** zhanJiangCount (/zhanjiang, the three-tab page): which tab's rows. */
export const ZHANJIANG_TABS = ['part', 'report', 'work'] as const;
export type ZhanjiangTab = (typeof ZHANJIANG_TABS)[number];
/** The page's modalities (spec: CT, DR, MR), stages (c: first diagnosis, s: audit) and patient kinds. */
export const ZHANJIANG_MODALITIES = ['ct', 'dr', 'mr'] as const;
export const ZHANJIANG_STAGES = ['c', 's'] as const;
export const ZHANJIANG_KINDS = ['routine', 'emergency', 'exam'] as const;
export type ZhanjiangColumn =
  `${(typeof ZHANJIANG_MODALITIES)[number]}_${(typeof ZHANJIANG_STAGES)[number]}_${(typeof ZHANJIANG_KINDS)[number]}`;
export const ZHANJIANG_COLUMNS = ZHANJIANG_MODALITIES.flatMap((m) =>
  ZHANJIANG_STAGES.flatMap((st) => ZHANJIANG_KINDS.map((k) => `${m}_${st}_${k}` as ZhanjiangColumn)),
);

export const ZhanjiangRequestSchema = z
  .strictObject({
    startTime: DateSchema,
    endTime: DateSchema,
    sn: SnSchema.optional(),
    tab: z.enum(ZHANJIANG_TABS),
  })
  .refine((r) => r.startTime <= r.endTime, { path: ['endTime'], ...msg('statsRangeOrder') });
export type ZhanjiangRequest = z.infer<typeof ZhanjiangRequestSchema>;

/**
 * One row of a tab: `name` is the body part (tab part) or the doctor (tabs report and work); the 18 columns
 * `${modality}_${stage}_${kind}`; `sum` = the row's 18 columns added up. Tabs part and report count reports,
 * tab work counts body parts (parts_count) of those reports.
 */
export const ZhanjiangRowSchema = z.object({
  name: z.string(),
  ...(Object.fromEntries(ZHANJIANG_COLUMNS.map((c) => [c, count])) as Record<ZhanjiangColumn, typeof count>),
  sum: count,
  total: z.boolean(),
});
export type ZhanjiangRow = z.infer<typeof ZhanjiangRowSchema>;
export const ZhanjiangAnswerSchema = z.array(ZhanjiangRowSchema);

// ---------------------------------------------------------------- file download time (/useTime)

/** What the viewer measured when it opened a study: posted once the study's images have all loaded. */
export const UseTimeSaveSchema = z.strictObject({
  study_iuid: z.string().trim().min(1).max(64),
  /** ms from opening the viewer to the first image on screen */
  first_ms: z.number().int().min(0).max(3_600_000),
  /** ms from opening the viewer to every image of the study loaded */
  total_ms: z.number().int().min(0).max(3_600_000),
  images: z.number().int().min(0).max(1_000_000),
  /** bytes downloaded */
  bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type UseTimeSave = z.infer<typeof UseTimeSaveSchema>;

/** The first image within this many ms counts towards a day's score. */
export const USE_TIME_GOAL_MS = 1000;
/** Buckets of data2 in queryUseTimeScore: total_ms under 1 s, 1-3 s, 3-10 s, 10 s and over. */
export const USE_TIME_BUCKETS = ['lt1s', '1to3s', '3to10s', 'ge10s'] as const;

/** GET /monitor/useTime: data = the last 31 days with openings (newest first), data2 = { 'YYYY-MM-DD': openings }. */
export const UseTimeDaySchema = z.object({ date: z.string(), sum: count, time: z.number(), score: z.number() });
export const UseTimeOverviewSchema = z.object({
  data: z.array(UseTimeDaySchema),
  data2: z.record(z.string(), count),
});
export type UseTimeOverview = z.infer<typeof UseTimeOverviewSchema>;

/** POST /monitor/queryUseTimeScore {key: 'YYYY-MM-DD'}. */
export const UseTimeKeySchema = z.strictObject({ key: DateSchema });
export const UseTimeRecordSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  user_name: z.string(),
  study_iuid: z.string(),
  modality: z.string(),
  first_ms: count,
  total_ms: count,
  images: count,
  bytes: z.number().int().min(0),
  /** HH:mm:ss of the day */
  time: z.string(),
});
export type UseTimeRecord = z.infer<typeof UseTimeRecordSchema>;
/**
 * data: that day's openings (newest first, at most 500); data2: { lt1s, 1to3s, 3to10s, ge10s } counts of
 * total_ms; score: percentage (integer) of openings whose first image came within USE_TIME_GOAL_MS; sum:
 * openings; time: mean total_ms (integer). An empty day: data [], zero counts, score 0, sum 0, time 0.
 */
export const UseTimeScoreSchema = z.object({
  data: z.array(UseTimeRecordSchema),
  data2: z.record(z.enum(USE_TIME_BUCKETS), count),
  score: z.number().int().min(0).max(100),
  sum: count,
  time: z.number().int().min(0),
});
export type UseTimeScore = z.infer<typeof UseTimeScoreSchema>;
