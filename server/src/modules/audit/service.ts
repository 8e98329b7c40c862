import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  user_pk?: number | null;
  username?: string;
  action: string;
  target?: string;
  from_status?: string | null;
  to_status?: string | null;
  ip?: string;
  detail?: Record<string, unknown>;
}

/** Appends one row to the audit log. Callers pass identifiers, never secrets or report text. */
export async function audit(db: Db, e: AuditEntry): Promise<void> {
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
