import { z } from 'zod';
import { DEFAULT_SORT, MODALITIES, RPT_STATUSES } from '../constants';
import { DateSchema, FilterTextSchema, PageRequestSchema } from './common';

export const ORDER_SORTS = [
  'create_time desc',
  'create_time asc',
  'study_datetime desc',
  'study_datetime asc',
  'report_datetime desc',
  'report_datetime asc',
  'patient_name asc',
  'patient_name desc',
  /** Urgent first, then the longest waiting (issue 41's desk at speed). */
  'priority desc',
  /** Routine first (the column header's other direction), then the longest waiting. */
  'priority asc',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const ModalitySchema = z.enum(MODALITIES);
/** Accepts a list or a comma-joined string, as the original client sends either. */
const ModalityListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(ModalitySchema).max(MODALITIES.length),
);
const RptStatusSchema = z.coerce
  .number()
  .int()
  .refine((n) => (RPT_STATUSES as readonly number[]).includes(n), { message: '0-4' });
const RptStatusListSchema = z.preprocess(
  (v) =>
    v === '' || v === null
      ? undefined
      : typeof v === 'string'
        ? v.split(',').filter(Boolean)
        : typeof v === 'number'
          ? [v]
          : v,
  z.array(RptStatusSchema).max(5).optional(),
);

const dateRangeOk = (v: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !v.startDate || !v.endDate || v.startDate <= v.endDate;

/** The worklist's filter fields with its page and sort; OrderListRequestSchema adds the date-range rule. */
const OrderListFieldsSchema = PageRequestSchema.extend({
  patient_name: FilterTextSchema.optional(),
  patient_id: FilterTextSchema.optional(),
  accession_no: FilterTextSchema.optional(),
  sn: z.string().trim().max(32).optional(),
  modalitys: ModalityListSchema.optional(),
  rpt_status: RptStatusListSchema,
  /** '1': only studies whose main report carries a critical value. */
  is_critical: z.enum(['', '0', '1']).optional(),
  /** '1': only urgent studies (an emergency patient, or a report titled emergency). */
  priority: z.enum(['', '0', '1']).optional(),
  startDate: DateSchema.optional().or(z.literal('').transform(() => undefined)),
  endDate: DateSchema.optional().or(z.literal('').transform(() => undefined)),
  sort: z.enum(ORDER_SORTS).default(DEFAULT_SORT),
});
export const OrderListRequestSchema = OrderListFieldsSchema.refine(dateRangeOk, {
  message: 'startDate <= endDate',
  path: ['endDate'],
});
export type OrderListRequest = z.input<typeof OrderListRequestSchema>;

/**
 * POST /api/order/next: the next study to report after `after` (issue 41): under the worklist's filters (the
 * caller's modalities always), not written yet, not being written by another user; urgent first, then the
 * longest waiting. Its answer is that study's row, or null when none is left.
 */
export const NextStudyRequestSchema = OrderListFieldsSchema.omit({ pageNumber: true, pageSize: true, sort: true })
  .extend({ after: z.string().trim().max(64).optional() })
  .refine(dateRangeOk, { message: 'startDate <= endDate', path: ['endDate'] });
export type NextStudyRequest = z.input<typeof NextStudyRequestSchema>;

export const StudyRowSchema = z.object({
  pk: z.number().int(),
  study_iuid: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  patient_sex: z.string(),
  patient_age: z.string(),
  patient_type: z.number().int().nullable(),
  accession_no: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  study_datetime: z.string(),
  create_time: z.string(),
  department: z.string(),
  bed_no: z.string(),
  card_no: z.string(),
  patient_phone: z.string(),
  has_dicom_file: z.number().int(),
  rpt_pk: z.number().int().nullable(),
  rpt_status: z.number().int(),
  rpt_good_status: z.number().int().nullable(),
  report_datetime: z.string(),
  report_doctor: z.string(),
  sh_doctor: z.string(),
  sh_datetime: z.string(),
  print_status: z.number().int(),
  image_quality: z.number().int().nullable(),
  is_critical: z.number().int(),
  /** 1 urgent (patient type emergency, or the report titled emergency or bedside emergency), 0 routine. */
  priority: z.number().int(),
  /** Minutes from the exam to the audit, or to now while it is not audited (turnaround; never negative). */
  waited_minutes: z.number().int(),
  /** Delivery of the last audit downstream: '' none, pending, delivered, failed (docs/report-products.md). */
  delivery_status: z.string(),
  lock_status: z.string(),
  collected: z.boolean(),
});
export type StudyRow = z.infer<typeof StudyRowSchema>;

export const HISTORY_KEYS = ['patient_id', 'patient_name', 'card_no', 'patient_phone'] as const;
export type HistoryKey = (typeof HISTORY_KEYS)[number];
export const HistoryRequestSchema = z
  .object({
    study_iuid: z.string().trim().min(1).max(64),
    hospital_code: z.string().trim().max(32).optional(),
    patient_id: z.string().trim().max(64).optional(),
    patient_name: z.string().trim().max(64).optional(),
    card_no: z.string().trim().max(64).optional(),
    patient_phone: z.string().trim().max(32).optional(),
  })
  .refine((v) => HISTORY_KEYS.filter((k) => v[k] !== undefined).length === 1, {
    message: HISTORY_KEYS.join(' | '),
    path: ['patient_id'],
  });

export const StudyRefSchema = z.object({ study_iuid: z.string().trim().min(1).max(64) });

export const HospitalOptionSchema = z.object({ sn: z.string(), name: z.string(), code: z.string() });
