import { and, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import { AUDIT_FILTERS, type AuditRow, type AuditSort } from '@shared/schemas/audit';
import { auditLog, sysUser } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { redactSecrets } from '../../platform/audit';
import { likeText } from '../../platform/list/query';

/**
 * The audit trail: every row of audit_log, newest first. The super administrator sees all of it; a role
 * granted sys:audit otherwise sees the rows of its own hospital's users only.
 */
export const auditList = defineList<AuditRow, typeof AUDIT_FILTERS, AuditSort>({
  name: 'audit',
  sorts: { time: auditLog.time, username: auditLog.username, action: auditLog.action, target: auditLog.target },
  defaultSort: { column: 'time', order: 'desc' },
  tiebreak: auditLog.pk,
  filters: AUDIT_FILTERS,
  where: (f, { db, user }) => {
    const conds: (SQL | undefined)[] = [];
    if (f.username) conds.push(ilike(auditLog.username, likeText(f.username)));
    if (f.action) conds.push(eq(auditLog.action, f.action));
    if (f.target) conds.push(ilike(auditLog.target, likeText(f.target)));
    if (f.startDate) conds.push(gte(auditLog.time, dayjs(f.startDate).startOf('day').toDate()));
    if (f.endDate) conds.push(lt(auditLog.time, dayjs(f.endDate).add(1, 'day').startOf('day').toDate()));
    if (!user.isSuper) {
      const ownUsers = db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.hospital_code, user.hospital_code));
      conds.push(inArray(auditLog.user_pk, ownUsers));
    }
    return and(...conds);
  },
  rows: async ({ db }, q) => {
    const rows = await db
      .select()
      .from(auditLog)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(toAuditRow);
  },
  count: ({ db }, where) => db.$count(auditLog, where),
});

function toAuditRow(r: typeof auditLog.$inferSelect): AuditRow {
  const detail = redactSecrets(r.detail);
  return {
    pk: r.pk,
    time: r.time.toISOString(),
    user_pk: r.user_pk,
    username: r.username,
    action: r.action,
    target: r.target,
    from_status: r.from_status,
    to_status: r.to_status,
    ip: r.ip,
    detail: detail && typeof detail === 'object' && !Array.isArray(detail) ? (detail as Record<string, unknown>) : null,
  };
}
