import { z } from 'zod';
import { msg, pkInput } from './common';
import { SeriesPointSchema } from './statistics';

/**
 * Issue 38, point 4: the spec's remaining `/api/order/*` calls (docs/decisions.md, "The spec's order calls" says what each
 * is for). `queryList` takes the history body (HistoryRequestSchema) and `queryChart` the worklist's
 * (OrderListRequestSchema), both in ./order.
 */

const StudyIuidSchema = z.string().trim().min(1).max(64);

/** The worklist's counts over its filter: every matching study, then split by report status and by modality. */
export const OrderChartSchema = z.object({
  total: z.number().int().min(0),
  /** name: the rpt_status (0..4) as text, in status order. */
  rpt_status: z.array(SeriesPointSchema),
  /** name: the modality, most studies first. */
  modality: z.array(SeriesPointSchema),
});
export type OrderChart = z.infer<typeof OrderChartSchema>;

/**
 * The study flags the desk sets and clears (1 / 0) with setOrderStatus / delOrderStatus: films printed for the
 * patient (picture_state) and the electronic film issued to the patient (efilm_state).
 */
export const ORDER_STATUS_FLAGS = ['picture_state', 'efilm_state'] as const;
export type OrderStatusFlag = (typeof ORDER_STATUS_FLAGS)[number];

export const OrderStatusRequestSchema = z.strictObject({
  study_iuid: StudyIuidSchema,
  status: z.enum(ORDER_STATUS_FLAGS),
});
export type OrderStatusRequest = z.input<typeof OrderStatusRequestSchema>;

export const OrderStatusAnswerSchema = z.object({
  study_iuid: z.string(),
  picture_state: z.number().int(),
  efilm_state: z.number().int(),
});
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswerSchema>;

/** An order by its study pk or its accession number (exactly one); `sn` narrows an accession to a hospital. */
export const OrderInstanceUidRequestSchema = z
  .strictObject({
    pk: pkInput().optional(),
    accession_no: z.string().trim().min(1).max(64).optional(),
    sn: z.string().trim().max(32).optional(),
  })
  .refine((v) => (v.pk === undefined) !== (v.accession_no === undefined), {
    path: ['pk'],
    ...msg('orderRefOne'),
  });
export type OrderInstanceUidRequest = z.input<typeof OrderInstanceUidRequestSchema>;

export const OrderInstanceUidSchema = z.object({
  pk: z.number().int(),
  study_iuid: z.string(),
  accession_no: z.string(),
  hospital_code: z.string(),
  modality: z.string(),
  has_dicom_file: z.number().int(),
});
export type OrderInstanceUid = z.infer<typeof OrderInstanceUidSchema>;

/** /register/writeReport: the study behind a registration, to open its report. */
export const RegisterWriteReportSchema = z.object({
  pk: z.number().int(),
  study_pk: z.number().int(),
  study_iuid: z.string(),
  accession_no: z.string(),
  state: z.string(),
  rpt_status: z.number().int(),
});
export type RegisterWriteReport = z.infer<typeof RegisterWriteReportSchema>;

/** /orderCount/doctorList: the doctors of a hospital (sn; empty: the caller's, or every one for the super administrator). */
export const DoctorListRequestSchema = z.strictObject({ sn: z.string().trim().max(32).optional() });
export const DoctorOptionSchema = z.object({
  pk: z.number().int(),
  /** The name written on reports (ch_name, else username): what the workload count's `doctor` matches. */
  name: z.string(),
  username: z.string(),
  hospital_code: z.string(),
  /** 1 active, 0 disabled (kept: their past reports still count). */
  status: z.number().int(),
  /** Their role may audit (patorder:audit) besides writing. */
  can_audit: z.boolean(),
});
export type DoctorOption = z.infer<typeof DoctorOptionSchema>;
