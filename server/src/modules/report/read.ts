import { and, asc, desc, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { PdfState, ReportInfo, VersionRow } from '@shared/schemas/report';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import {
  collection,
  hospital,
  report,
  reportDraft,
  reportJob,
  reportVersion,
  qualityRecord,
  reportAddendum,
  study,
} from '../../platform/db/schema';
import { preparedPerDb } from '../../platform/db/prepared';
import { notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { holderLiveSql, lockView } from './lock';
import { auditedAt, layoutFor } from '../../platform/db/layout-versions';
import { assertScope, target, type ReportRow } from './repo';
import { imagesOf, reportImages } from './sign-images';
import { toReportDetail, toStudyDetail } from './serialize';
import { standingSignatures } from './signature';
import { addendaOf } from './addenda';

/**
 * The study's reports with one of them as it stood at one of its audits (version row `versionPk`, status 2):
 * its texts, its auditor and time. What it was audited on is the layout of that time.
 */
async function asAudited(db: Db, reports: ReportRow[], versionPk: number) {
  const [asked] = await db
    .select({ pk: reportVersion.pk, rpt_pk: reportVersion.rpt_pk })
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
  if (!asked) throw notFound();
  // An addendum's version row shows the audit it adds to (its auditor, time, signatures and layout): the newest
  // audit version at or before it that no addendum wrote.
  const [v] = await db
    .select()
    .from(reportVersion)
    .where(
      and(
        eq(reportVersion.rpt_pk, asked.rpt_pk),
        eq(reportVersion.rpt_status, 2),
        lte(reportVersion.pk, versionPk),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reportAddendum)
            .where(eq(reportAddendum.version_pk, reportVersion.pk)),
        ),
      ),
    )
    .orderBy(desc(reportVersion.pk))
    .limit(1);
  if (!v) throw notFound();
  // The texts a version row keeps (write.ts textsOf).
  const texts = v.texts as Partial<
    Pick<ReportRow, 'report_text1' | 'report_text2' | 'rpt_detail' | 'rpt_good_status' | 'image_quality'>
  >;
  const at = (r: ReportRow): ReportRow =>
    r.rpt_pk !== v.rpt_pk
      ? r
      : { ...r, ...texts, rpt_status: 2, sh_doctor: v.save_user, sh_datetime: v.createtime, third_party_pdf: '' };
  return {
    reports: reports.map(at),
    auditedAt: v.createtime,
    shown: { versionPk: v.pk, rpt_pk: v.rpt_pk, at: v.createtime },
  };
}

/**
 * The study with what the report screen shows beside it, in one statement: its hospital's titles, whether
 * the caller collected it, whether it has a quality record, and whether its lock holder is signed in.
 */
const infoHead = preparedPerDb((db) =>
  db
    .select({
      s: study,
      h: {
        name: hospital.name,
        title1: hospital.title1,
        title2: hospital.title2,
        logo: hospital.logo,
        head: hospital.head,
        seal: hospital.sign,
        esign: hospital.esign,
      },
      collected: sql<boolean>`exists (select 1 from ${collection} where ${collection.study_pk} = ${study.pk} and ${collection.user_pk} = ${sql.placeholder('userPk')})`,
      qc: sql<boolean>`exists (select 1 from ${qualityRecord} where ${qualityRecord.study_iuid} = ${study.study_iuid} and ${qualityRecord.hospital_code} = ${study.hospital_code})`,
      holderLive: holderLiveSql,
    })
    .from(study)
    .leftJoin(hospital, eq(hospital.code, study.hospital_code))
    .where(eq(study.study_iuid, sql.placeholder('iuid')))
    .limit(1)
    .prepare('rx_report_info_head'),
);

/** The study's reports in position order, each with the caller's draft when it is newer than the report. */
const reportsWithDrafts = preparedPerDb((db) =>
  db
    .select({
      r: report,
      d: {
        report_text1: reportDraft.report_text1,
        report_text2: reportDraft.report_text2,
        updated_at: reportDraft.updated_at,
      },
    })
    .from(report)
    .leftJoin(
      reportDraft,
      and(
        eq(reportDraft.rpt_pk, report.rpt_pk),
        eq(reportDraft.user_pk, sql.placeholder('userPk')),
        gt(reportDraft.updated_at, report.updated_at),
      ),
    )
    .where(eq(report.study_pk, sql.placeholder('studyPk')))
    .orderBy(asc(report.rpt_position))
    .prepare('rx_report_info_reports'),
);

/** Everything the report screen needs for one study (or its print page, as at one audit: `auditVersion`). */
export async function reportInfo(db: Db, me: AuthUser, studyIuid: string, auditVersion?: number): Promise<ReportInfo> {
  const [head] = await infoHead(db).execute({ iuid: studyIuid, userPk: me.pk });
  if (!head) throw notFound();
  const { s, h } = head;
  assertScope(me, s);
  const rows = await reportsWithDrafts(db).execute({ studyPk: s.pk, userPk: me.pk });
  const current = rows.map((row) => row.r);
  const audit = auditVersion === undefined ? null : await asAudited(db, current, auditVersion);
  const reports = audit?.reports ?? current;
  const main = reports.find((r) => r.rpt_position === 1);
  if (!main) throw notFound();
  const template = await layoutFor(db, s.hospital_code, s.modality, audit?.auditedAt ?? auditedAt(main));
  const images = await reportImages(db, reports, h?.seal ?? '', audit?.shown ?? null);
  const signatures = await standingSignatures(db, reports, audit?.shown ?? null);
  const addenda = await addendaOf(
    db,
    reports.filter((r) => !r.third_party_pdf).map((r) => r.rpt_pk),
    auditVersion,
  );
  const drafts = audit
    ? []
    : rows.flatMap(({ r, d }) =>
        d
          ? [
              {
                rpt_position: r.rpt_position,
                report_text1: d.report_text1,
                report_text2: d.report_text2,
                updated_at: fmt(d.updated_at),
              },
            ]
          : [],
      );
  return {
    study: toStudyDetail(s, main, h, head.collected, head.qc),
    reports: reports.map((r) => ({
      ...toReportDetail(r, imagesOf(images, r)),
      esign: signatures.get(r.rpt_pk) ?? null,
      addenda: addenda.get(r.rpt_pk) ?? [],
    })),
    template,
    drafts,
    lock: lockView(s, me, head.holderLive),
    esign_mode: h?.esign ?? 0,
  };
}

/**
 * What the version list shows of an audit's archive: its PDF once stored; 'pending' while it is made or waits
 * for its next attempt; otherwise 'failed' (gave up, or superseded: either way no PDF comes without a retry).
 */
function pdfState(sha: string | null, job: string | null): PdfState | null {
  if (sha) return 'done';
  if (!job) return null;
  return job === 'pending' ? 'pending' : 'failed';
}

export async function reportVersions(db: Db, me: AuthUser, studyIuid: string, position: number): Promise<VersionRow[]> {
  const { r } = await target(db, me, studyIuid, position, false);
  // report_job is unique per (kind, version_pk): at most one archive job joins each version row.
  const rows = await db
    .select({
      v: reportVersion,
      job: { state: reportJob.state, attempts: reportJob.attempts, error: reportJob.last_error },
    })
    .from(reportVersion)
    .leftJoin(reportJob, and(eq(reportJob.version_pk, reportVersion.pk), eq(reportJob.kind, 'archive')))
    .where(eq(reportVersion.rpt_pk, r.rpt_pk))
    .orderBy(desc(reportVersion.createtime), desc(reportVersion.pk));
  return rows.map(({ v, job }) => {
    const t = v.texts as Partial<VersionRow['texts']>;
    const state = v.rpt_status === 2 ? pdfState(v.pdf_sha256, job?.state ?? null) : null;
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
      pdf_state: state,
      pdf_attempts: state ? (job?.attempts ?? 0) : 0,
      pdf_error: state && state !== 'done' ? (job?.error ?? '') : '',
    };
  });
}
