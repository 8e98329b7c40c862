import { z } from 'zod';
import { pkInput } from './common';

/** `GET /report/archive`: the archived PDF of one version row (`version` is the row's pk in /report/versions). */
export const ArchiveQuerySchema = z.strictObject({
  rpt_pk: pkInput(),
  version: pkInput(),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;

export const DELIVERY_STATUSES = ['', 'pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Delivery of a report's last audit to the hospital's FHIR endpoint ('' when nothing was queued). */
export const DeliveryStateSchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts of the current round (the retry button starts a new round). */
  attempts: z.number().int(),
  last_error: z.string(),
  /** The next automatic attempt, when one is planned. */
  next_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Whether the report's hospital has an endpoint configured. */
  endpoint: z.boolean(),
  /**
   * What the newest job sends: 'deliver' (the audit) or 'withdraw' (a cancelled audit withdrawn as
   * entered-in-error; once done the status is ''); null when nothing was queued.
   */
  kind: z.enum(['deliver', 'withdraw']).nullable(),
  /**
   * The result sent to the HIS over HL7 (ORU^R01, docs/his.md): its newest job, 'result', its 'cancel', or a
   * 'critical' value told before sign-off (issue 41); null when none was sent.
   */
  his: z
    .object({
      status: z.enum(['pending', 'delivered', 'failed']),
      kind: z.enum(['result', 'cancel', 'critical']),
      attempts: z.number().int(),
      last_error: z.string(),
    })
    .nullable(),
});
export type DeliveryState = z.infer<typeof DeliveryStateSchema>;
