import { and, eq, isNull } from 'drizzle-orm';
import { REPORT_LOCALE } from '@shared/constants';
import type { AppDeps } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { loggableError } from '../../platform/core/log-error';
import { translate } from '../../platform/core/i18n';
import { hospital, report, reportJob, reportVersion, study } from '../../platform/db/schema';
import { authUserByPk } from '../auth';
import { renderAudited, type PdfRenderer } from '../report-pdf';
import { putArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { enqueue, RESEND, versionOf, type JobRow, type Outcome } from './jobs';
import { pdfSealFor } from './seal/seal-store';
import { sealPdf } from './seal/sign-pdf';

/** The auditor is gone or may not sign in (disabled): the job is tried again, as any failed render. */
class AuditorUnavailable extends Error {}

/** The study of the job's report (with its hospital and the audit's time, for the seal), if the report is still there. */
async function studyOf(deps: AppDeps, job: JobRow) {
  const [row] = await deps.db
    .select({
      study_iuid: study.study_iuid,
      hospital_code: study.hospital_code,
      hospital_name: hospital.name,
      hospital_address: hospital.address,
      audited_at: reportVersion.createtime,
    })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .leftJoin(hospital, eq(hospital.code, study.hospital_code))
    .leftJoin(reportVersion, eq(reportVersion.pk, versionOf(job)))
    .where(eq(report.rpt_pk, job.rpt_pk));
  return row ?? null;
}

/**
 * Signs the PDF with the seal (PAdES, docs/report-products.md "PDF signature"): the hospital as the signer, the
 * audit's time as the signing time. A PDF that cannot be signed is not archived: the attempt fails and is retried.
 */
async function sealed(deps: AppDeps, pdf: Buffer, s: NonNullable<Awaited<ReturnType<typeof studyOf>>>) {
  const hospitalName = s.hospital_name || s.hospital_code;
  return sealPdf(pdf, await pdfSealFor(deps), {
    reason: translate(REPORT_LOCALE, 'archiveSealReason'),
    name: hospitalName,
    location: s.hospital_address || hospitalName,
    signingTime: s.audited_at ?? deps.now?.() ?? new Date(),
  });
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
    audit_version: versionOf(job),
    locale: REPORT_LOCALE,
  });
}

/**
 * The PDF came after the audit's delivery was released without it (late-delivery.ts): a delivery that went (or
 * is going: in flight, or an attempt without an answer) without presentedForm is sent again with it
 * ('deliver_pdf', a conditional update of the same identifier). One still waiting to be sent reads the PDF itself.
 */
async function resendWithPdf(tx: DbOrTx, job: JobRow, now: Date): Promise<void> {
  const [d] = await tx
    .select()
    .from(reportJob)
    .where(and(eq(reportJob.kind, 'deliver'), eq(reportJob.version_pk, versionOf(job))))
    // Held: a worker claiming the delivery now either came first (in flight: re-sent) or reads the PDF after this commit.
    .for('update');
  const inFlight = d?.state === 'pending' && !!d.locked_until && d.locked_until >= now;
  if (d && (d.state === 'done' || inFlight || (d.state === 'pending' && d.maybe_sent)))
    await enqueue(tx, { ...job, kind: RESEND, version_pk: versionOf(job) });
}

/**
 * Renders the report as it was audited (the print page at the audit's version: its texts, auditor, time and
 * the layout of that time), signs it with the seal and stores the signed file under its SHA-256. Every audit gets its PDF, also one cancelled or
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
  let signed: Buffer;
  try {
    signed = await sealed(deps, pdf, before);
  } catch (e) {
    deps.log.warn({ err: loggableError(e), job: job.pk }, 'archive: the PDF could not be signed');
    return { outcome: { retry: `seal: ${e instanceof Error ? e.name : 'error'}` } };
  }
  const hex = await putArchive(deps.images, signed);
  const endpoint = await endpointFor(deps.db, before.hospital_code);
  const now = deps.now?.() ?? new Date();
  return {
    outcome: { done: true },
    after: async (tx) => {
      await tx
        .update(reportVersion)
        .set({ pdf_sha256: hex })
        .where(and(eq(reportVersion.pk, versionOf(job)), isNull(reportVersion.pdf_sha256)));
      if (!endpoint) return;
      // settle() holds the report row: a cancel-audit either committed before (the report has moved on:
      // nothing to deliver) or waits for this transaction and then finds the delivery to withdraw.
      const [current] = await tx
        .select({ pk: report.rpt_pk })
        .from(report)
        .where(and(eq(report.rpt_pk, job.rpt_pk), eq(report.version, job.report_version), eq(report.rpt_status, 2)));
      if (!current) return;
      if (await enqueue(tx, { ...job, kind: 'deliver', version_pk: versionOf(job) }))
        await tx.update(report).set({ delivery_status: 'pending' }).where(eq(report.rpt_pk, job.rpt_pk));
      else await resendWithPdf(tx, job, now);
    },
  };
}
