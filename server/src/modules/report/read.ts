import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { ReportInfo, VersionRow } from '@shared/schemas/report';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { collection, hospital, reportDraft, reportVersion, qualityRecord } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { fmt } from '../../lib/time';
import { lockState } from './lock';
import { auditedAt, layoutFor } from '../../db/layout-versions';
import { reportsOf, studyInScope, target } from './repo';
import { toReportDetail, toStudyDetail } from './serialize';

type ReportRow = Awaited<ReturnType<typeof reportsOf>>[number];

/**
 * The study's reports with one of them as it stood at one of its audits (version row `versionPk`, status 2):
 * its texts, its auditor and time. What it was audited on is the layout of that time.
 */
async function asAudited(db: Db, reports: ReportRow[], versionPk: number) {
  const [v] = await db
    .select()
    .from(reportVersion)
    .where(
      and(
        eq(reportVersion.pk, versionPk),
        eq(reportVersion.rpt_status, 2),
        inArray(
          reportVersion.rpt_pk,
          reports.map((r) => r.rpt_pk),
        ),
      ),
    );
  if (!v) throw notFound();
  // The texts a version row keeps (write.ts textsOf).
  const texts = v.texts as Partial<
    Pick<ReportRow, 'report_text1' | 'report_text2' | 'rpt_detail' | 'rpt_good_status' | 'image_quality'>
  >;
  const at = (r: ReportRow): ReportRow =>
    r.rpt_pk !== v.rpt_pk
      ? r
      : { ...r, ...texts, rpt_status: 2, sh_doctor: v.save_user, sh_datetime: v.createtime, third_party_pdf: '' };
  return { reports: reports.map(at), auditedAt: v.createtime };
}

/** Everything the report screen needs for one study (or its print page, as at one audit: `auditVersion`). */
export async function reportInfo(db: Db, me: AuthUser, studyIuid: string, auditVersion?: number): Promise<ReportInfo> {
  const s = await studyInScope(db, me, studyIuid);
  const [current, [h], [fav], [qc]] = await Promise.all([
    reportsOf(db, s.pk),
    db.select().from(hospital).where(eq(hospital.code, s.hospital_code)).limit(1),
    db
      .select({ n: collection.study_pk })
      .from(collection)
      .where(and(eq(collection.study_pk, s.pk), eq(collection.user_pk, me.pk))),
    db
      .select({ pk: qualityRecord.pk })
      .from(qualityRecord)
      .where(and(eq(qualityRecord.study_iuid, s.study_iuid), eq(qualityRecord.hospital_code, s.hospital_code)))
      .limit(1),
  ]);
  const audit = auditVersion === undefined ? null : await asAudited(db, current, auditVersion);
  const reports = audit?.reports ?? current;
  const main = reports.find((r) => r.rpt_position === 1);
  if (!main) throw notFound();
  const template = await layoutFor(db, s.hospital_code, s.modality, audit?.auditedAt ?? auditedAt(main));
  const drafts = [];
  for (const r of audit ? [] : reports) {
    const [d] = await db
      .select()
      .from(reportDraft)
      .where(
        and(eq(reportDraft.rpt_pk, r.rpt_pk), eq(reportDraft.user_pk, me.pk), gt(reportDraft.updated_at, r.updated_at)),
      );
    if (d) {
      drafts.push({
        rpt_position: r.rpt_position,
        report_text1: d.report_text1,
        report_text2: d.report_text2,
        updated_at: fmt(d.updated_at),
      });
    }
  }
  return {
    study: toStudyDetail(s, main, h ?? null, !!fav, !!qc),
    reports: reports.map(toReportDetail),
    template,
    drafts,
    lock: await lockState(db, s, me),
  };
}

export async function reportVersions(db: Db, me: AuthUser, studyIuid: string, position: number): Promise<VersionRow[]> {
  const { r } = await target(db, me, studyIuid, position, false);
  const rows = await db
    .select()
    .from(reportVersion)
    .where(eq(reportVersion.rpt_pk, r.rpt_pk))
    .orderBy(desc(reportVersion.createtime), desc(reportVersion.pk));
  return rows.map((v) => {
    const t = v.texts as Partial<VersionRow['texts']>;
    return {
      pk: v.pk,
      rpt_pk: v.rpt_pk,
      rpt_model_id: v.rpt_model_id,
      rpt_position: v.rpt_position,
      rpt_status: v.rpt_status,
      save_user: v.save_user,
      createtime: fmt(v.createtime),
      texts: {
        report_text1: t.report_text1 ?? '',
        report_text2: t.report_text2 ?? '',
        rpt_good_status: t.rpt_good_status ?? null,
        image_quality: t.image_quality ?? null,
      },
      pdf_sha256: v.pdf_sha256,
    };
  });
}
