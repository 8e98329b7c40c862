import { z } from 'zod';
import { DateSchema, FilterTextSchema } from './common';

const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));

/**
 * Every action the server writes to the audit log: `audit()`, `auditChange()` and the report statements
 * take only these, so a module's new action is added here first, and the web app's label test then asks
 * for its text in both languages. The audit trail's filter offers them all.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_throttled',
  'login_wechat_refused',
  'account_locked',
  'session_ended',
  'logout',
  'oauth_authorize',
  'password_change',
  'profile_update',
  'avatar_upload',
  'user_sign_upload',
  'user_sign_remove',
  'cert_bind',
  'cert_unbind',
  'wechat_bind',
  'wechat_unbind',
  'pwd_error_delete',
  'user_register',
  'user_activate',
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
  'hospital.image_upload',
  'hospital.image_remove',
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
  'image.move',
  'patient_file.upload',
  'patient_file.video_upload',
  'patient_file.delete',
  'study.forward',
  'study.delete',
  'study.restore',
  'study.purge',
  'study.merge',
  'patient.merge',
  'critical.acknowledge',
  'critical.escalate',
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
  'knowledge_create',
  'knowledge_update',
  'knowledge_delete',
  'layout_create',
  'layout_update',
  'layout_withdraw',
  'layout_activate',
  'layout_discard_draft',
  'layout_import_mrrt',
  'wechat_account_save',
  'app.create',
  'app.update',
  'app.delete',
  'app.reset_secret',
  'shareLink.create',
  'shareLink.revoke',
  'export',
  'patient.edit',
  'report_save',
  'report_audit',
  'report_addendum',
  'report_cancel_audit',
  'report_invalid',
  'report_critical_set',
  'report_critical_delete',
  'queue.register',
  'queue.update',
  'queue.takeNumber',
  'queue.call',
  'queue.callAgain',
  'queue.pass',
  'queue.checking',
  'queue.complete',
  'queue.abandon',
  'queue.recover',
  'queue.referral',
  'queue.top',
  'queue.delete',
  'call_room.create',
  'call_room.update',
  'call_room.doctor',
  'call_device.create',
  'call_device.update',
  'call_device.settings',
  'call_device.status',
  'call_device.new_key',
  'call_device.delete',
  'us_client.create',
  'us_client.update',
  'us_client.delete',
  'us_number.create',
  'us_number.update',
  'us_number.delete',
  'his.order_new',
  'his.order_change',
  'his.order_cancel',
  'his.patient_update',
  'his.patient_merge',
  'hl7_peer.create',
  'hl7_peer.update',
  'hl7_peer.delete',
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
