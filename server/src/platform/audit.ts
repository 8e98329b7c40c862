import type { AuditAction } from '@shared/schemas/audit';
import type { Db, DbOrTx } from './db/client';
import { auditLog } from './db/schema';

export interface AuditEntry {
  user_pk?: number | null;
  username?: string;
  /** One of AUDIT_ACTIONS: the audit trail has a label for each in both languages. */
  action: AuditAction;
  target?: string;
  from_status?: string | null;
  to_status?: string | null;
  ip?: string;
  detail?: Record<string, unknown>;
}

/** Appends one row to the audit log. Callers pass identifiers, never secrets or report text. */
export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    user_pk: e.user_pk ?? null,
    username: e.username ?? '',
    action: e.action,
    target: e.target ?? '',
    from_status: e.from_status ?? null,
    to_status: e.to_status ?? null,
    ip: e.ip ?? '',
    detail: e.detail ?? null,
  });
}

/** An export leaves a trace: which list, with which filter, how many rows. */
export async function auditExport(
  db: Db,
  who: { pk: number; username: string },
  e: { list: string; filters: unknown; rows: number; ip?: string },
): Promise<void> {
  await audit(db, {
    user_pk: who.pk,
    username: who.username,
    action: 'export',
    target: e.list,
    ip: e.ip ?? '',
    detail: { filters: e.filters ?? {}, rows: e.rows },
  });
}

/** Fields that never reach the audit log, whatever the table: passwords, their hashes, keys and tokens. */
const SECRET_FIELD = /pass(word)?|hash|secret|token|pin$|usb_key|aes_key/i;

/**
 * A stored detail as the audit trail shows it: secret-named fields dropped at any depth, in case a caller
 * of `audit()` passed one (auditChange already leaves them out when writing).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!SECRET_FIELD.test(k)) out[k] = redactSecrets(v, depth + 1);
  return out;
}

/** A row as the audit log keeps it: secrets left out, dates as ISO text. */
export function auditable(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET_FIELD.test(k)) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * An administrative change: who, what (action, target such as `sys_user:12`), and the row before and
 * after (null for a create or a delete). Pass the transaction that made the change, so both land or neither.
 */
export async function auditChange(
  db: DbOrTx,
  /** pk null: a system acting on its own (an HIS interface, an app), named by username. */
  who: { pk: number | null; username: string },
  e: {
    action: AuditAction;
    target: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    ip?: string;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    user_pk: who.pk,
    username: who.username,
    action: e.action,
    target: e.target,
    ip: e.ip ?? '',
    detail: { before: auditable(e.before), after: auditable(e.after) },
  });
}
