import { and, eq, isNull } from 'drizzle-orm';
import { REPORT_LOCALE } from '@shared/constants';
import type { AppDeps } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { report, reportVersion, study } from '../../platform/db/schema';
import { authUserByPk } from '../auth';
import { renderAudited, type PdfRenderer } from '../report-pdf';
import { putArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { enqueue, type JobRow, type Outcome } from './jobs';

/** The auditor is gone or may not sign in (disabled): the job is tried again, as any failed render. */
class AuditorUnavailable extends Error {}

/** The study of the job's report, if the report is still there. */
async function studyOf(deps: AppDeps, job: JobRow) {
  const [row] = await deps.db
    .select({ study_iuid: study.study_iuid, hospital_code: study.hospital_code })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(report.rpt_pk, job.rpt_pk));
  return row ?? null;
}

/**
 * Renders the print page as the auditor, through a render token bound to this report at this audit (no
 * session of theirs: report-pdf's renderAudited, docs/report-products.md).
 */
async function renderAsAuditor(deps: AppDeps, renderer: PdfRenderer, job: JobRow, studyIuid: string) {
  const auditor = await authUserByPk(deps.db, job.actor_pk);
  if (!auditor) throw new AuditorUnavailable();
  return renderAudited(deps, renderer, auditor, {
    study_iuid: studyIuid,
    rpt_pk: job.rpt_pk,
    audit_version: job.version_pk,
    locale: REPORT_LOCALE,
  });
}

/**
 * Renders the report as it was audited (the print page at the audit's version: its texts, auditor, time and
 * the layout of that time) and stores it under its SHA-256. Every audit gets its PDF, also one cancelled or
 * superseded by a re-audit before its turn came; only a report still at that audit is delivered.
 */
export async function runArchive(
  deps: AppDeps,
  renderer: PdfRenderer,
  job: JobRow,
): Promise<{ outcome: Outcome; after?: (tx: DbOrTx) => Promise<void> }> {
  const before = await studyOf(deps, job);
  if (!before) return { outcome: { superseded: 'report removed' } };
  let pdf: Buffer;
  try {
    pdf = await renderAsAuditor(deps, renderer, job, before.study_iuid);
  } catch (e) {
    return { outcome: { retry: `render: ${e instanceof Error ? e.constructor.name : 'error'}` } };
  }
  const hex = await putArchive(deps.images, pdf);
  const endpoint = await endpointFor(deps.db, before.hospital_code);
  return {
    outcome: { done: true },
    after: async (tx) => {
      await tx
        .update(reportVersion)
        .set({ pdf_sha256: hex })
        .where(and(eq(reportVersion.pk, job.version_pk), isNull(reportVersion.pdf_sha256)));
      if (!endpoint) return;
      // settle() holds the report row: a cancel-audit either committed before (the report has moved on:
      // nothing to deliver) or waits for this transaction and then finds the delivery to withdraw.
      const [current] = await tx
        .select({ pk: report.rpt_pk })
        .from(report)
        .where(and(eq(report.rpt_pk, job.rpt_pk), eq(report.version, job.report_version), eq(report.rpt_status, 2)));
      if (!current || !(await enqueue(tx, { ...job, kind: 'deliver' }))) return;
      await tx.update(report).set({ delivery_status: 'pending' }).where(eq(report.rpt_pk, job.rpt_pk));
    },
  };
}
