import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { decide } from '@shared/report/rules';
import type { ArchiveQuery, DeliveryState, DeliveryStatus } from '@shared/schemas/report-products';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { report, reportJob, reportVersion, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { studyInScope, target, refuse, stateOf } from '../report';
import { ArchiveCorrupt, readArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { enqueue, HIS_KINDS, lockReport, requeue, SENDING_KINDS, type JobRow } from './jobs';

/** The archived PDF of a version row, for a caller who may read the report; the hash is checked on read. */
export async function archivedPdf(deps: AppDeps, me: AuthUser, q: ArchiveQuery): Promise<Buffer> {
  const [row] = await deps.db
    .select({ iuid: study.study_iuid, sha: reportVersion.pdf_sha256 })
    .from(reportVersion)
    .innerJoin(report, eq(report.rpt_pk, reportVersion.rpt_pk))
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(and(eq(reportVersion.pk, q.version), eq(reportVersion.rpt_pk, q.rpt_pk)));
  if (!row) throw notFound();
  await studyInScope(deps.db, me, row.iuid);
  if (!row.sha) throw new AppError(404, 'NOT_FOUND', 'archiveNotYet');
  try {
    const pdf = await readArchive(deps.images, row.sha);
    if (!pdf) throw new AppError(404, 'NOT_FOUND', 'archiveNotYet');
    return pdf;
  } catch (e) {
    if (e instanceof ArchiveCorrupt) throw new AppError(503, 'UNAVAILABLE', 'archiveCorrupt');
    throw e;
  }
}

const newestDelivery = (db: Db, rptPk: number) =>
  db
    .select()
    .from(reportJob)
    .where(and(eq(reportJob.rpt_pk, rptPk), inArray(reportJob.kind, SENDING_KINDS)))
    .orderBy(desc(reportJob.pk))
    .limit(1);

/** The newest HL7 result job of a report (result or cancel), whatever its state. */
const newestHisJob = (db: Db, rptPk: number) =>
  db
    .select()
    .from(reportJob)
    .where(and(eq(reportJob.rpt_pk, rptPk), inArray(reportJob.kind, HIS_KINDS)))
    .orderBy(desc(reportJob.pk))
    .limit(1);

const HIS_STATUS: Record<string, 'pending' | 'delivered' | 'failed'> = {
  pending: 'pending',
  done: 'delivered',
  failed: 'failed',
};

function hisState(job: JobRow | undefined): DeliveryState['his'] {
  const status = job && HIS_STATUS[job.state];
  if (!job || !status) return null;
  const kind = job.kind === 'hl7_cancel' ? 'cancel' : job.kind === 'hl7_critical' ? 'critical' : 'result';
  return { status, kind, attempts: job.attempts, last_error: job.last_error };
}

async function stateOfDelivery(db: Db, r: { rpt_pk: number; delivery_status: string }, hospital: string) {
  const [[job], endpoint, [his]] = await Promise.all([
    newestDelivery(db, r.rpt_pk),
    endpointFor(db, hospital),
    newestHisJob(db, r.rpt_pk),
  ]);
  const state: DeliveryState = {
    status: r.delivery_status as DeliveryStatus,
    attempts: job?.attempts ?? 0,
    last_error: job?.last_error ?? '',
    next_at: job?.state === 'pending' ? fmt(job.next_at) : null,
    updated_at: job ? fmt(job.updated_at) : null,
    endpoint: !!endpoint,
    kind: job ? (job.kind as 'deliver' | 'withdraw') : null,
    his: hisState(his),
  };
  return state;
}

/** Delivery state of a report, as the report screen shows it. */
export async function deliveryState(db: Db, me: AuthUser, iuid: string, position: number): Promise<DeliveryState> {
  const { s, r } = await target(db, me, iuid, position, false);
  return stateOfDelivery(db, r, s.hospital_code);
}

/**
 * The retry button: the report must be saved (spec "retry requires saved"). A withdrawal that is the
 * report's newest delivery job and is failing or gave up is tried again. For an audited report, the audit's
 * archive job runs again if it has not succeeded, and its delivery is queued again (or for the first time);
 * a cancelled audit is never sent again. Every retry starts a fresh count of attempts; a job in flight is
 * left to finish.
 */
export async function retryDelivery(
  deps: AppDeps,
  me: AuthUser,
  iuid: string,
  position: number,
): Promise<DeliveryState> {
  const { db } = deps;
  const { s, r } = await target(db, me, iuid, position, false);
  const d = decide('retry', stateOf(r));
  if (!d.ok) refuse(d.reason);
  const [[newest], [audit]] = await Promise.all([
    newestDelivery(db, r.rpt_pk),
    r.rpt_status === 2
      ? db
          .select({ pk: reportVersion.pk })
          .from(reportVersion)
          .where(and(eq(reportVersion.rpt_pk, r.rpt_pk), eq(reportVersion.rpt_status, 2)))
          .orderBy(desc(reportVersion.pk))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const withdrawal = newest?.kind === 'withdraw' && ['pending', 'failed'].includes(newest.state) ? newest : undefined;
  // The HIS gave up on the HL7 result (AR) or its cancel: sent again with a fresh count.
  const [his] = await newestHisJob(db, r.rpt_pk);
  const hisFailed = his?.state === 'failed' ? his : undefined;
  if (!audit && !withdrawal && !hisFailed) throw new AppError(409, 'REPORT_STATE', 'deliveryNothing');
  const fhir = !!(await endpointFor(db, s.hospital_code));
  if (!fhir && !hisFailed) throw new AppError(409, 'REPORT_STATE', 'deliveryNoEndpoint');
  const now = deps.now?.() ?? new Date();
  const free = or(isNull(reportJob.locked_until), lt(reportJob.locked_until, now));
  await db.transaction(async (tx) => {
    await lockReport(tx, r.rpt_pk);
    if (hisFailed) await requeue(tx, hisFailed.pk, now);
    if (!fhir) return;
    if (withdrawal) {
      const [w] = await tx
        .select()
        .from(reportJob)
        .where(and(eq(reportJob.pk, withdrawal.pk), free));
      if (w && ['pending', 'failed'].includes(w.state)) await requeue(tx, w.pk, now);
    }
    if (audit) {
      const jobs = await tx
        .select()
        .from(reportJob)
        .where(and(eq(reportJob.version_pk, audit.pk), free));
      const archive = jobs.find((j) => j.kind === 'archive');
      if (archive && archive.state !== 'done') await requeue(tx, archive.pk, now);
      // An audit from before the archive existed has no job: archive it as the report stands now.
      if (!archive)
        await enqueue(tx, {
          kind: 'archive',
          rpt_pk: r.rpt_pk,
          version_pk: audit.pk,
          report_version: r.version,
          actor_pk: me.pk,
        });
      const deliver = jobs.find((j) => j.kind === 'deliver');
      if (deliver) await requeue(tx, deliver.pk, now);
      else if (archive?.state === 'done') await enqueue(tx, { ...archive, kind: 'deliver', version_pk: audit.pk });
    }
    await tx.update(report).set({ delivery_status: 'pending' }).where(eq(report.rpt_pk, r.rpt_pk));
  });
  return stateOfDelivery(
    db,
    { rpt_pk: r.rpt_pk, delivery_status: fhir ? 'pending' : r.delivery_status },
    s.hospital_code,
  );
}
