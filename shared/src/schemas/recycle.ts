import { z } from 'zod';
import { DateSchema, FilterTextSchema } from './common';
import { DicomUidSchema } from './images';

/** Studies one call may move at once (the worklist's page sizes go up to 500, the bin's too). */
export const RECYCLE_BATCH_MAX = 500;
export const DELETE_REASON_MIN = 2;
export const DELETE_REASON_MAX = 256;

const StudyIuidsSchema = z
  .array(DicomUidSchema)
  .min(1)
  .max(RECYCLE_BATCH_MAX)
  .transform((uids) => [...new Set(uids)]);

/** POST /api/order/deleteStudy: the studies to move to the recycle bin, and why (kept with them, audited). */
export const DeleteStudySchema = z.strictObject({
  study_iuids: StudyIuidsSchema,
  reason: z.string().trim().min(DELETE_REASON_MIN).max(DELETE_REASON_MAX),
});
export type DeleteStudy = z.input<typeof DeleteStudySchema>;

/** POST /api/order/restoreStudy and /api/order/deleteOrder: studies in the recycle bin. */
export const RecycledStudiesSchema = z.strictObject({ study_iuids: StudyIuidsSchema });
export type RecycledStudies = z.input<typeof RecycledStudiesSchema>;

/** What a move answers: the studies it moved (all of those named: a call moves all or none). */
export const RecycleChangeSchema = z.object({ count: z.number().int(), study_iuids: z.array(z.string()) });
export type RecycleChange = z.infer<typeof RecycleChangeSchema>;

const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));

/** The recycle bin's `filters` keys (POST /api/order/queryDelList); the dates are those of the deletion. */
export const RECYCLE_FILTERS = {
  sn: z.string().trim().max(32),
  patient_id: FilterTextSchema,
  patient_name: FilterTextSchema,
  accession_no: FilterTextSchema,
  modality: z.string().trim().max(16),
  startDate: OptionalDate,
  endDate: OptionalDate,
};
export const RECYCLE_SORTS = ['deleted_at', 'study_datetime', 'patient_name'] as const;
export type RecycleSort = (typeof RECYCLE_SORTS)[number];

export const RecycleRowSchema = z.object({
  pk: z.number().int(),
  study_iuid: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  patient_sex: z.string(),
  accession_no: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' like every study time. */
  study_datetime: z.string(),
  file_count: z.number().int(),
  /** The first report's status (null: none). */
  rpt_status: z.number().int().nullable(),
  deleted_at: z.string(),
  deleted_by: z.string(),
  delete_reason: z.string(),
  /** When the purge takes it ('' when RECYCLE_KEEP_DAYS is 0: never). */
  purge_at: z.string(),
});
export type RecycleRow = z.infer<typeof RecycleRowSchema>;
