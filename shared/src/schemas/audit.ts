import { z } from 'zod';
import { DateSchema, FilterTextSchema } from './common';

const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));

/**
 * Actions the audit trail offers in its filter (with a label per language in the web app). Other
 * actions are still listed and filterable by their code; the list grows as modules add actions.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_throttled',
  'account_locked',
  'session_ended',
  'logout',
  'password_change',
  'profile_update',
  'avatar_upload',
  'cert_bind',
  'cert_unbind',
  'pwd_error_delete',
  'user_create',
  'user_update',
  'user_lock',
  'user_unlock',
  'user_reset_password',
  'user_delete',
  'role_create',
  'role_update',
  'role_delete',
  'role_permissions',
  'hospital.create',
  'hospital.update',
  'hospital.delete',
  'region.create',
  'region.update',
  'region.delete',
  'device.create',
  'device.update',
  'device.status',
  'device.delete',
  'image.upload',
  'image.delete',
  'image.restore',
  'patient_file.upload',
  'patient_file.video_upload',
  'patient_file.delete',
  'study.forward',
  'config_create',
  'config_update',
  'config_delete',
  'config_rotate_key',
  'dict_create',
  'dict_update',
  'dict_delete',
  'scanp_create',
  'scanp_update',
  'scanp_delete',
  'scanp_import',
  'shortcut_save',
  'export',
  'patient.edit',
  'report_save',
  'report_audit',
  'report_cancel_audit',
  'report_invalid',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An action code: letters, digits and `_ . : -` (what modules write), empty means no filter. */
export const AuditActionFilterSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]*$/);

/** The audit trail's `filters` keys (GET /audit/list, /audit/exportXls). */
export const AUDIT_FILTERS = {
  username: FilterTextSchema,
  action: AuditActionFilterSchema,
  target: FilterTextSchema,
  startDate: OptionalDate,
  endDate: OptionalDate,
};
export const AuditFiltersSchema = z.strictObject(AUDIT_FILTERS).partial();
export type AuditFilters = z.input<typeof AuditFiltersSchema>;

/** Sort columns; the default is time, newest first. */
export const AUDIT_SORTS = ['time', 'username', 'action', 'target'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export const AuditRowSchema = z.object({
  pk: z.number().int(),
  /** ISO 8601 with time zone. */
  time: z.string(),
  user_pk: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  target: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  ip: z.string(),
  /** Admin changes: `{ before, after }` (null for a create or a delete); others: what the action recorded. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
