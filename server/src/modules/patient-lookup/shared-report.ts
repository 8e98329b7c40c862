import { eq } from 'drizzle-orm';
import type { ReportDetail } from '@shared/schemas/report';
import type { SharedReport } from '@shared/schemas/patient-lookup';
import type { Db } from '../../platform/db/client';
import { hospital, study } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { getConfigs } from '../../platform/config';
import { auditedAt, layoutFor } from '../../platform/db/layout-versions';
import { reportsOf, standingSignatures, toReportDetail, toStudyDetail } from '../report';
import { isSharable } from './lookup';
import { studyOfShareToken } from './tokens';

/** One answer for an unknown, expired or revoked token, and for a report no longer audited. */
export const shareLinkInvalid = () => new AppError(404, 'NOT_FOUND', 'shareLinkInvalid');

/** Report pictures are served to sessions and viewer tokens only: a share token opens the text. */
function withoutPictures(r: ReportDetail): ReportDetail {
  const d = r.rpt_detail;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return r;
  return { ...r, rpt_detail: { ...(d as Record<string, unknown>), images: [] } };
}

/** The print view's data for the study a share or look-up token opens: audited reports only. */
export async function sharedReport(db: Db, token: string, now: Date): Promise<SharedReport> {
  const studyPk = await studyOfShareToken(db, token, now);
  if (studyPk === null) throw shareLinkInvalid();
  const [s] = await db.select().from(study).where(eq(study.pk, studyPk));
  if (!s || s.is_del) throw shareLinkInvalid();
  const reports = await reportsOf(db, s.pk);
  const main = reports.find((r) => r.rpt_position === 1);
  if (!main || !isSharable(main)) throw shareLinkInvalid();
  const shared = reports.filter(isSharable);
  const [[h], tpl, cfg, signatures] = await Promise.all([
    db.select().from(hospital).where(eq(hospital.code, s.hospital_code)).limit(1),
    layoutFor(db, s.hospital_code, s.modality, auditedAt(main)),
    getConfigs(db, ['multi_page_report', 'use_critical']),
    standingSignatures(db, shared, null),
  ]);
  return {
    // core_url is not followed: the token is this server's, and so is the report.
    config: { core_url: '', multi_page_report: cfg.multi_page_report === 'Y', use_critical: cfg.use_critical === 'Y' },
    info: {
      study: toStudyDetail(s, main, h ?? null, false, false),
      reports: shared
        .map((r) => ({ ...toReportDetail(r), esign: signatures.get(r.rpt_pk) ?? null }))
        .map(withoutPictures),
      template: tpl,
      drafts: [],
      lock: { lock_status: '', mine: false, lock_time: '' },
      esign_mode: h?.esign ?? 0,
    },
  };
}
