import { and, eq, isNull } from 'drizzle-orm';
import { REPORT_LOCALE } from '@shared/constants';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { report, reportVersion, session, study } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { authenticate, createSession } from '../auth/session';
import type { PdfRenderer } from '../report-pdf/renderer';
import { putArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { enqueue, type JobRow, type Outcome } from './jobs';

/** Minutes the render session lives; it is revoked as soon as the page is rendered. */
const RENDER_SESSION_MIN = 5;

/** The report at the audit the job belongs to, else why not. */
async function auditedAsQueued(deps: AppDeps, job: JobRow) {
  const [row] = await deps.db
    .select({ r: report, study_iuid: study.study_iuid, hospital_code: study.hospital_code })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(report.rpt_pk, job.rpt_pk));
  if (!row) return null;
  return row.r.version === job.report_version && row.r.rpt_status === 2 ? row : null;
}

/** Renders the print page as the auditor through a short session of their own, revoked afterwards. */
async function renderAsAuditor(deps: AppDeps, renderer: PdfRenderer, job: JobRow, studyIuid: string) {
  const { token } = await createSession(deps.db, job.actor_pk, RENDER_SESSION_MIN, {
    ip: '127.0.0.1',
    userAgent: 'rxpacs report archive',
  });
  try {
    const me = await authenticate(deps.db, token);
    return await renderer.render({
      study_iuid: studyIuid,
      rpt_pk: job.rpt_pk,
      emergency: false,
      token,
      expiresAt: me.expiresAt,
      locale: REPORT_LOCALE,
    });
  } finally {
    await deps.db
      .update(session)
      .set({ revoked_at: new Date() })
      .where(eq(session.token_hash, sha256Hex(token)));
  }
}

/**
 * Renders the audited report and stores it under its SHA-256. Only a report still at the audit's version
 * is rendered (and still there after rendering): a later cancel-audit or re-audit supersedes the job,
 * and the re-audit has its own.
 */
export async function runArchive(
  deps: AppDeps,
  renderer: PdfRenderer,
  job: JobRow,
): Promise<{ outcome: Outcome; after?: (tx: DbOrTx) => Promise<void> }> {
  const before = await auditedAsQueued(deps, job);
  if (!before) return { outcome: { superseded: 'report changed after the audit' } };
  let pdf: Buffer;
  try {
    pdf = await renderAsAuditor(deps, renderer, job, before.study_iuid);
  } catch (e) {
    return { outcome: { retry: `render: ${e instanceof Error ? e.constructor.name : 'error'}` } };
  }
  if (!(await auditedAsQueued(deps, job))) return { outcome: { superseded: 'report changed while rendering' } };
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
      await enqueue(tx, { ...job, kind: 'deliver' });
      await tx.update(report).set({ delivery_status: 'pending' }).where(eq(report.rpt_pk, job.rpt_pk));
    },
  };
}
