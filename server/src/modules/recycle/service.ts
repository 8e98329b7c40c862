import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { LOCK_STALE_MS, RPT_STATUS } from '@shared/constants';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, Tx } from '../../platform/db/client';
import { report, session, study } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { leaveQueue } from '../queue';
import { auditedStudy, inBin, lockStudies, type StudyRecord } from './scope';

export interface Who {
  me: AuthUser;
  ip: string;
  now: Date;
}

const auditedRefusal = (s: StudyRecord) =>
  new AppError(409, 'REPORT_STATE', 'recycleAudited', { patient: s.patient_name || s.patient_id }, undefined, {
    study_iuid: s.study_iuid,
  });

/**
 * Refuses when any of the studies has an audited report: the auditor cancels the audit first. The report rows
 * are locked, so a write under way finishes before they are read (and one starting now waits for this
 * transaction).
 */
export async function refuseAudited(tx: Tx, studies: StudyRecord[]): Promise<void> {
  const reports = await tx
    .select({ study_pk: report.study_pk, rpt_status: report.rpt_status })
    .from(report)
    .where(
      inArray(
        report.study_pk,
        studies.map((s) => s.pk),
      ),
    )
    .orderBy(report.rpt_pk)
    .for('update');
  const audited = reports.find((r) => r.rpt_status === RPT_STATUS.AUDITED);
  if (audited) throw auditedRefusal(studies.find((s) => s.pk === audited.study_pk)!);
}

/** Someone else holds the study open for writing: a fresh lock whose session still lives (report/lock.ts's rule). */
async function refuseLockedByOthers(tx: Tx, who: Who, studies: StudyRecord[]): Promise<void> {
  const fresh = studies.filter(
    (s) =>
      s.lock_user_pk !== null &&
      s.lock_user_pk !== who.me.pk &&
      s.lock_time !== null &&
      who.now.getTime() - s.lock_time.getTime() < LOCK_STALE_MS,
  );
  for (const s of fresh) {
    if (s.lock_session_pk !== null) {
      const [live] = await tx
        .select({ pk: session.pk })
        .from(session)
        .where(and(eq(session.pk, s.lock_session_pk), isNull(session.revoked_at), gt(session.expires_at, who.now)))
        .limit(1);
      if (!live) continue;
    }
    throw new AppError(
      409,
      'LOCKED_BY_OTHER',
      'recycleLocked',
      { patient: s.patient_name || s.patient_id, holder: s.lock_status },
      undefined,
      { study_iuid: s.study_iuid },
    );
  }
}

/**
 * deleteStudy: the live studies named go to the recycle bin with the reason, all or none. Refused while a report
 * of one is audited or someone else is writing it. Reports and images stay as they are (a restore is the flag).
 */
export async function moveToBin(db: Db, who: Who, uids: string[], reason: string) {
  return db.transaction(async (tx) => {
    const studies = await lockStudies(tx, who.me, uids, (s) => s.is_del === 0);
    await refuseAudited(tx, studies);
    return binLocked(tx, who, studies, reason);
  });
}

/**
 * Studies the caller's transaction has locked and checked (live, none audited) go to the recycle bin, unless
 * someone else is writing one of them; the queue forgets their patients. The caller tells the queue screens after
 * its commit.
 */
export async function binLocked(tx: Tx, who: Who, studies: StudyRecord[], reason: string) {
  await refuseLockedByOthers(tx, who, studies);
  const pks = studies.map((s) => s.pk);
  const moved = await tx
    .update(study)
    .set({
      is_del: 1,
      deleted_at: who.now,
      deleted_by: who.me.name.slice(0, 64),
      delete_reason: reason,
      lock_status: '',
      lock_user_pk: null,
      lock_session_pk: null,
      lock_time: null,
    })
    .where(inArray(study.pk, pks))
    .returning();
  for (const s of moved) {
    const before = studies.find((b) => b.pk === s.pk)!;
    await auditChange(tx, who.me, {
      action: 'study.delete',
      target: `study:${s.pk}`,
      before: auditedStudy(before),
      after: auditedStudy(s),
      ip: who.ip,
    });
  }
  const queue = await leaveQueue(tx, pks, { pk: who.me.pk, username: who.me.username, ip: who.ip });
  return { count: moved.length, study_iuids: moved.map((s) => s.study_iuid), queue };
}

/** restoreStudy: studies of the recycle bin come back as they were, reports and images included; all or none. */
export async function restoreFromBin(db: Db, who: Who, uids: string[]) {
  return db.transaction(async (tx) => {
    const studies = await lockStudies(tx, who.me, uids, inBin);
    const restored = await tx
      .update(study)
      .set({ is_del: 0, deleted_at: null, deleted_by: '', delete_reason: '' })
      .where(
        and(
          inArray(
            study.pk,
            studies.map((s) => s.pk),
          ),
          sql`${study.is_del} = 1`,
        ),
      )
      .returning();
    for (const s of restored) {
      await auditChange(tx, who.me, {
        action: 'study.restore',
        target: `study:${s.pk}`,
        before: auditedStudy(studies.find((b) => b.pk === s.pk)!),
        after: auditedStudy(s),
        ip: who.ip,
      });
    }
    return { count: restored.length, study_iuids: restored.map((s) => s.study_iuid) };
  });
}
