import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/permissions';
import { CRITICAL_STATES, type CriticalRow } from '@shared/schemas/critical';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { DbOrTx } from '../../platform/db/client';
import { criticalResult, permission, role, rolePermission, sysUser } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { getInt } from '../../platform/config';
import { criticalRow, selectCritical, shownCritical, withdrawnSince } from './rows';

/** Active users of the hospital in the department (none for an empty department). */
async function departmentUsers(db: DbOrTx, hospitalCode: string, department: string): Promise<number[]> {
  if (!department) return [];
  const rows = await db
    .select({ pk: sysUser.pk })
    .from(sysUser)
    .where(and(eq(sysUser.hospital_code, hospitalCode), eq(sysUser.department, department), eq(sysUser.status, 1)));
  return rows.map((r) => r.pk);
}

/** Active users of the hospital whose role holds critical:manage (who acknowledges for a department). */
async function managers(db: DbOrTx, hospitalCode: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ pk: sysUser.pk })
    .from(sysUser)
    .innerJoin(role, eq(role.pk, sysUser.role_pk))
    .innerJoin(rolePermission, eq(rolePermission.role_pk, role.pk))
    .innerJoin(permission, eq(permission.pk, rolePermission.permission_pk))
    .where(
      and(
        eq(sysUser.hospital_code, hospitalCode),
        eq(sysUser.status, 1),
        eq(permission.perms, PERMISSIONS.CRITICAL_MANAGE),
      ),
    );
  return rows.map((r) => r.pk);
}

/** Everyone a loop concerns once escalated: its department, the hospital's managers, who set it. */
async function everyoneOf(db: DbOrTx, row: CriticalRow, setBy: number | null): Promise<number[]> {
  const pks = [
    ...(await departmentUsers(db, row.hospital_code, row.department)),
    ...(await managers(db, row.hospital_code)),
  ];
  if (setBy) pks.push(setBy);
  return [...new Set(pks)];
}

const push = (deps: AppDeps, pks: number[], row: CriticalRow, closed: boolean) =>
  deps.realtime.toUsers(pks, {
    type: 'critical_result',
    pk: row.pk,
    study_iuid: row.study_iuid,
    patient_name: row.patient_name,
    text: row.text,
    department: row.department,
    escalated: !!row.escalated_at,
    closed,
  });

/**
 * After a report's critical value changed: a new loop is pushed to the requesting department's signed-in users
 * (how many is kept: 0 means nobody was there to see it, and the escalation will come); a withdrawn one's
 * reminder goes from everyone's screen.
 */
export async function criticalChangedFor(deps: AppDeps, rptPk: number): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const fresh = await selectCritical(db).where(
    and(
      eq(criticalResult.rpt_pk, rptPk),
      eq(criticalResult.status, CRITICAL_STATES.open),
      eq(criticalResult.notified, 0),
    ),
  );
  for (const r of fresh) {
    const row = shownCritical(r);
    const pks = await departmentUsers(db, row.hospital_code, row.department);
    const told = pks.filter((pk) => deps.realtime.connections(pk) > 0).length;
    await push(deps, pks, row, false);
    await db.update(criticalResult).set({ notified: told }).where(eq(criticalResult.pk, row.pk));
  }
  const gone = await selectCritical(db).where(
    and(eq(criticalResult.rpt_pk, rptPk), withdrawnSince(new Date(now.getTime() - 60_000))),
  );
  for (const r of gone) {
    const row = shownCritical(r);
    await push(deps, await everyoneOf(db, row, null), row, true);
  }
}

/** The open loops waiting for the caller: of their department, or escalated while they manage them. */
export async function mine(deps: AppDeps, me: AuthUser): Promise<CriticalRow[]> {
  const [u] = await deps.db.select({ department: sysUser.department }).from(sysUser).where(eq(sysUser.pk, me.pk));
  const department = u?.department ?? '';
  const manage = me.perms.has(PERMISSIONS.CRITICAL_MANAGE);
  if (!department && !manage) return [];
  const rows = await selectCritical(deps.db)
    .where(
      and(
        eq(criticalResult.status, CRITICAL_STATES.open),
        me.isSuper ? undefined : eq(criticalResult.hospital_code, me.hospital_code),
        or(
          department ? eq(criticalResult.department, department) : undefined,
          manage ? sql`${criticalResult.escalated_at} is not null` : undefined,
        ),
      ),
    )
    .orderBy(asc(criticalResult.set_at))
    .limit(100);
  return rows.map(shownCritical);
}

/**
 * Acknowledged by the signed-in person (named, with the time): a user of the requesting department, or one who
 * manages critical results, who then says in the note who was told. Once only; 404 outside the caller's hospital.
 */
export async function acknowledge(deps: AppDeps, me: AuthUser, o: { pk: number; note: string; ip: string }) {
  const now = deps.now?.() ?? new Date();
  const row = await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(criticalResult).where(eq(criticalResult.pk, o.pk)).for('update');
    if (!c || (!me.isSuper && c.hospital_code !== me.hospital_code)) throw notFound();
    if (c.status !== CRITICAL_STATES.open)
      throw new AppError(
        409,
        'CONFLICT',
        c.status === CRITICAL_STATES.acknowledged ? 'criticalAcked' : 'criticalWithdrawn',
        {
          name: c.ack_by_name,
        },
      );
    const [u] = await tx.select({ department: sysUser.department }).from(sysUser).where(eq(sysUser.pk, me.pk));
    const own = !!c.department && u?.department === c.department;
    if (!own && !me.perms.has(PERMISSIONS.CRITICAL_MANAGE)) throw new AppError(403, 'FORBIDDEN', 'criticalNotYours');
    if (!own && o.note.length < 2) throw new AppError(400, 'VALIDATION', 'criticalNoteNeeded');
    await tx
      .update(criticalResult)
      .set({
        status: CRITICAL_STATES.acknowledged,
        ack_by_pk: me.pk,
        ack_by_name: me.name.slice(0, 64),
        ack_at: now,
        ack_note: o.note,
        closed_at: now,
      })
      .where(eq(criticalResult.pk, c.pk));
    await auditChange(tx, me, {
      action: 'critical.acknowledge',
      target: `report:${c.rpt_pk}`,
      before: { status: c.status, text: c.text, department: c.department },
      after: { status: CRITICAL_STATES.acknowledged, note: o.note },
      ip: o.ip,
    });
    return { row: (await criticalRow(tx, eq(criticalResult.pk, c.pk)))!, setBy: c.set_by_pk };
  });
  await push(deps, await everyoneOf(deps.db, row.row, row.setBy), row.row, true);
  return row.row;
}

/** Who the escalation timer is in the audit trail. */
const TIMER = { pk: 0, username: 'critical:timer' };

/**
 * Open loops nobody acknowledged within critical_ack_minutes are escalated, each once: marked, audited, and
 * pushed to their department, the hospital's managers and who set them. Safe beside other processes (SKIP LOCKED).
 */
export async function escalateDue(deps: AppDeps): Promise<number> {
  const minutes = await getInt(deps.db, 'critical_ack_minutes', 30);
  const now = deps.now?.() ?? new Date();
  const due = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ pk: criticalResult.pk, rpt_pk: criticalResult.rpt_pk, set_by: criticalResult.set_by_pk })
      .from(criticalResult)
      .where(
        and(
          eq(criticalResult.status, CRITICAL_STATES.open),
          isNull(criticalResult.escalated_at),
          lt(criticalResult.set_at, new Date(now.getTime() - minutes * 60_000)),
        ),
      )
      .orderBy(asc(criticalResult.set_at))
      .limit(100)
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    await tx
      .update(criticalResult)
      .set({ escalated_at: now })
      .where(
        inArray(
          criticalResult.pk,
          rows.map((r) => r.pk),
        ),
      );
    for (const r of rows)
      await auditChange(tx, TIMER, {
        action: 'critical.escalate',
        target: `report:${r.rpt_pk}`,
        after: { critical_pk: r.pk, minutes },
        ip: '',
      });
    return rows;
  });
  for (const r of due) {
    const row = await criticalRow(deps.db, eq(criticalResult.pk, r.pk));
    if (row) await push(deps, await everyoneOf(deps.db, row, r.set_by), row, false);
  }
  return due.length;
}
