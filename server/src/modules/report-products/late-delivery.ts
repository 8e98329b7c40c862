import { and, eq, exists, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { report, reportJob, study, sysConfig } from '../../platform/db/schema';
import { ENDPOINT_CONFIG, endpointFor } from './endpoint';
import { enqueue, lockReport, versionOf, type JobRow } from './jobs';

/** Looked at per pass; the rest at the next poll. */
const BATCH = 100;

/**
 * A delivery never waits forever for its PDF (docs/report-products.md, "Delivery without the PDF"): an audit whose
 * archive gave up, or is still pending REPORT_DELIVERY_PDF_WAIT_MS after the audit, gets its delivery queued now,
 * as the archive would have queued it (under the report row's lock, only while the report is still at that audit,
 * only with an endpoint). It goes without presentedForm (runDelivery); the archive, once done, sends it again
 * with the PDF (archive-job.ts, 'deliver_pdf'). Answers how many were queued.
 */
export async function releaseLateDeliveries(deps: AppDeps, now: Date): Promise<number> {
  const waitMs = deps.env.REPORT_DELIVERY_PDF_WAIT_MS;
  if (!waitMs) return 0;
  const since = new Date(now.getTime() - waitMs);
  const d = sql`(select 1 from ${reportJob} d where d.kind = 'deliver' and d.version_pk = ${reportJob.version_pk})`;
  const endpoint = deps.db
    .select({ one: sql`1` })
    .from(sysConfig)
    .where(
      and(
        or(
          eq(sysConfig.name, ENDPOINT_CONFIG),
          eq(sysConfig.name, sql`${ENDPOINT_CONFIG} || '_' || ${study.hospital_code}`),
        ),
        eq(sysConfig.status, 1),
        sql`trim(${sysConfig.value}) <> ''`,
      ),
    );
  const late = await deps.db
    .select({ job: reportJob, hospital: study.hospital_code })
    .from(reportJob)
    .innerJoin(
      report,
      and(eq(report.rpt_pk, reportJob.rpt_pk), eq(report.version, reportJob.report_version), eq(report.rpt_status, 2)),
    )
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(
      and(
        eq(reportJob.kind, 'archive'),
        or(eq(reportJob.state, 'failed'), and(eq(reportJob.state, 'pending'), lt(reportJob.created_at, since))),
        sql`not exists ${d}`,
        exists(endpoint),
      ),
    )
    .orderBy(reportJob.pk)
    .limit(BATCH);
  let queued = 0;
  for (const { job, hospital } of late) if (await release(deps, job, hospital)) queued++;
  return queued;
}

async function release(deps: AppDeps, job: JobRow, hospital: string): Promise<boolean> {
  if (!(await endpointFor(deps.db, hospital))) return false;
  return deps.db.transaction(async (tx) => {
    await lockReport(tx, job.rpt_pk);
    // Under the lock: a cancel-audit either came first (nothing to deliver) or sees this delivery and withdraws it.
    const [current] = await tx
      .select({ pk: report.rpt_pk })
      .from(report)
      .where(and(eq(report.rpt_pk, job.rpt_pk), eq(report.version, job.report_version), eq(report.rpt_status, 2)));
    if (!current || !(await enqueue(tx, { ...job, kind: 'deliver', version_pk: versionOf(job) }))) return false;
    await tx.update(report).set({ delivery_status: 'pending' }).where(eq(report.rpt_pk, job.rpt_pk));
    return true;
  });
}
