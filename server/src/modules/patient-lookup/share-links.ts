import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { CreatedShareLink, ShareLink } from '@shared/schemas/patient-lookup';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { report, reportShare, SHARE_KIND, study, sysUser } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { visibleStudy } from '../images';
import { auditChange } from '../../platform/audit';
import { isSharable } from './lookup';
import { issueShareToken } from './tokens';

interface Caller {
  me: AuthUser;
  ip: string;
  now: Date;
}

/** What the audit keeps of a link: never its token or hash. */
const auditable = (r: typeof reportShare.$inferSelect, studyIuid: string) => ({
  pk: r.pk,
  study_iuid: studyIuid,
  expires_at: r.expires_at.toISOString(),
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

/** The print view's address a link opens (relative to the app's hash route). */
export const sharePath = (studyIuid: string, token: string) =>
  `/rptPrint?${new URLSearchParams({ study_iuid: studyIuid, share: token })}`;

export async function createShareLink(
  db: Db,
  c: Caller,
  input: { study_iuid: string; days: number },
): Promise<CreatedShareLink> {
  const s = await visibleStudy(db, c.me, input.study_iuid);
  const [main] = await db
    .select({ rpt_status: report.rpt_status, third_party_pdf: report.third_party_pdf })
    .from(report)
    .where(and(eq(report.study_pk, s.pk), eq(report.rpt_position, 1)));
  if (!main || !isSharable(main)) throw new AppError(409, 'REPORT_STATE', 'rptNotAudited');
  return db.transaction(async (tx) => {
    const { token, row } = await issueShareToken(tx, {
      kind: 'link',
      studyPk: s.pk,
      ttlMs: input.days * 86_400_000,
      createdBy: c.me.pk,
      now: c.now,
    });
    await auditChange(tx, c.me, {
      action: 'shareLink.create',
      target: `report_share:${row.pk}`,
      after: auditable(row, input.study_iuid),
      ip: c.ip,
    });
    return {
      pk: row.pk,
      created_by: c.me.name,
      created_at: fmt(row.created_at),
      expires_at: fmt(row.expires_at),
      token,
      path: sharePath(input.study_iuid, token),
    };
  });
}

/** The study's links still open, newest first. */
export async function listShareLinks(db: Db, c: Caller, studyIuid: string): Promise<ShareLink[]> {
  const s = await visibleStudy(db, c.me, studyIuid);
  const rows = await db
    .select({
      pk: reportShare.pk,
      created_at: reportShare.created_at,
      expires_at: reportShare.expires_at,
      ch_name: sysUser.ch_name,
      username: sysUser.username,
    })
    .from(reportShare)
    .leftJoin(sysUser, eq(sysUser.pk, reportShare.created_by))
    .where(
      and(
        eq(reportShare.study_pk, s.pk),
        eq(reportShare.kind, SHARE_KIND.link),
        isNull(reportShare.revoked_at),
        gt(reportShare.expires_at, c.now),
      ),
    )
    .orderBy(desc(reportShare.created_at), desc(reportShare.pk));
  return rows.map((r) => ({
    pk: r.pk,
    created_by: r.ch_name || r.username || '',
    created_at: fmt(r.created_at),
    expires_at: fmt(r.expires_at),
  }));
}

/** Revokes an open link of a study in the caller's scope; anything else is not found. */
export async function revokeShareLink(db: Db, c: Caller, pk: number): Promise<{ pk: number }> {
  const [found] = await db
    .select({ row: reportShare, study_iuid: study.study_iuid })
    .from(reportShare)
    .innerJoin(study, eq(study.pk, reportShare.study_pk))
    .where(and(eq(reportShare.pk, pk), eq(reportShare.kind, SHARE_KIND.link)));
  if (!found || found.row.revoked_at || found.row.expires_at <= c.now) throw notFound();
  await visibleStudy(db, c.me, found.study_iuid);
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(reportShare)
      .set({ revoked_at: c.now, revoked_by: c.me.pk })
      .where(and(eq(reportShare.pk, pk), isNull(reportShare.revoked_at)))
      .returning();
    if (!after) throw notFound();
    await auditChange(tx, c.me, {
      action: 'shareLink.revoke',
      target: `report_share:${pk}`,
      before: auditable(found.row, found.study_iuid),
      after: auditable(after, found.study_iuid),
      ip: c.ip,
    });
    return { pk };
  });
}
