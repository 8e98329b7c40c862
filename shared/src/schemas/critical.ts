import { z } from 'zod';
import { DateSchema, FilterTextSchema, pkInput } from './common';

/** critical_result.status: open (waiting for its acknowledgement), acknowledged, withdrawn (value deleted or changed). */
export const CRITICAL_STATES = { open: 0, acknowledged: 1, withdrawn: 2 } as const;
export const CRITICAL_NOTE_MAX = 256;

/** POST /api/critical/acknowledge: who read it, and for someone acknowledging for a department, who was told. */
export const CriticalAckSchema = z.strictObject({
  pk: pkInput(),
  note: z.string().trim().max(CRITICAL_NOTE_MAX).default(''),
});
export type CriticalAck = z.input<typeof CriticalAckSchema>;

const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));

/** The critical results list's `filters` (POST /api/critical/list); the dates are those it was set. */
export const CRITICAL_FILTERS = {
  sn: z.string().trim().max(32),
  status: z.enum(['', '0', '1', '2']),
  escalated: z.enum(['', '0', '1']),
  department: FilterTextSchema,
  patient_name: FilterTextSchema,
  startDate: OptionalDate,
  endDate: OptionalDate,
};
export const CRITICAL_SORTS = ['set_at', 'ack_at'] as const;
export type CriticalSort = (typeof CRITICAL_SORTS)[number];

export const CriticalRowSchema = z.object({
  pk: z.number().int(),
  study_iuid: z.string(),
  hospital_code: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  accession_no: z.string(),
  modality: z.string(),
  department: z.string(),
  text: z.string(),
  status: z.number().int(),
  set_by_name: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in the hospital's zone, like every time. */
  set_at: z.string(),
  notified: z.number().int(),
  escalated_at: z.string(),
  ack_by_name: z.string(),
  ack_at: z.string(),
  ack_note: z.string(),
  /** Minutes from set to acknowledgement (null until acknowledged). */
  ack_minutes: z.number().nullable(),
});
export type CriticalRow = z.infer<typeof CriticalRowSchema>;

/** The open critical results waiting for the caller: their department's, and those escalated to them. */
export const CriticalMineSchema = z.array(CriticalRowSchema);

/** POST /api/critical/summary: counts and acknowledgement times over the list's filters. */
export const CriticalSummarySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  acknowledged: z.number().int(),
  withdrawn: z.number().int(),
  escalated: z.number().int(),
  /** Minutes to acknowledgement: median and 90th percentile (null: none acknowledged). */
  ack_median_minutes: z.number().nullable(),
  ack_p90_minutes: z.number().nullable(),
});
export type CriticalSummary = z.infer<typeof CriticalSummarySchema>;
