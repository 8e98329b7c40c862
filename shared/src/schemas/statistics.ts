import { z } from 'zod';
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
 * month YYYY-MM and hospital sn. Both are required (spec sections 5 and 8), also for the export, but the
 * server checks their presence itself so that a missing one answers the spec's own message
 * ("choose month and hospital before querying") rather than a generic "required".
 */
export const MonthCountRequestSchema = z.strictObject({
  month: z.string().trim().regex(MonthOrEmptyRe, msg('statsMonthFormat')).optional(),
  sn: SnSchema.optional(),
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
] as const;
export type SeriesCall = (typeof SERIES_CALLS)[number];
export const SeriesPointSchema = z.object({ name: z.string(), value: count });
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;
export const SeriesAnswerSchema = z.array(SeriesPointSchema);

// ---------------------------------------------------------------- exportExcel

export const STATS_EXPORT_TYPES = ['userWorkCount', 'monthCountByBodyPart', 'doctorCount', 'fileUseCount'] as const;
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
});
export type StatsExportRequest = z.infer<typeof StatsExportRequestSchema>;
