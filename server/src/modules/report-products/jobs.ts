import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { report, reportJob } from '../../db/schema';

export type JobRow = typeof reportJob.$inferSelect;
export type JobKind = 'archive' | 'deliver';

/** What a handler made of one attempt. `retry` carries the error shown on the report (no secrets, no report text). */
export type Outcome = { done: true } | { superseded: string } | { retry: string };

export interface JobPolicy {
  backoffMs: number;
  maxAttempts: number;
  /** How long a claimed job is hidden from other workers (longer than any attempt takes). */
  leaseMs: number;
}

/** base, 2 base, 4 base ... capped at an hour. */
export const backoff = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Claims the next due job: counts the attempt and leases it, so another process (PostgreSQL) skips it.
 * A worker that died mid-job leaves a lease that runs out, and the job is claimed again.
 */
export async function claimDue(db: Db, now: Date, leaseMs: number): Promise<JobRow | null> {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await db
    .update(reportJob)
    .set({ attempts: sql`${reportJob.attempts} + 1`, locked_until: until, updated_at: now })
    .where(
      eq(
        reportJob.pk,
        sql`(select pk from ${reportJob} where state = 'pending' and next_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by next_at, pk limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The report's delivery status follows its newest delivery job only. */
async function setDeliveryStatus(tx: DbOrTx, job: JobRow, status: string): Promise<void> {
  const [newest] = await tx
    .select({ pk: reportJob.pk })
    .from(reportJob)
    .where(and(eq(reportJob.rpt_pk, job.rpt_pk), eq(reportJob.kind, 'deliver')))
    .orderBy(desc(reportJob.pk))
    .limit(1);
  if (newest?.pk === job.pk)
    await tx.update(report).set({ delivery_status: status }).where(eq(report.rpt_pk, job.rpt_pk));
}

/** Records an attempt's outcome; `after` runs in the same transaction (the archive's next step). */
export async function settle(
  db: Db,
  job: JobRow,
  outcome: Outcome,
  policy: JobPolicy,
  now: Date,
  after?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const base = { locked_until: null, updated_at: now };
    if ('done' in outcome) {
      await tx
        .update(reportJob)
        .set({ ...base, state: 'done', last_error: '' })
        .where(eq(reportJob.pk, job.pk));
      if (job.kind === 'deliver') await setDeliveryStatus(tx, job, 'delivered');
    } else if ('superseded' in outcome) {
      await tx
        .update(reportJob)
        .set({ ...base, state: 'superseded', last_error: outcome.superseded })
        .where(eq(reportJob.pk, job.pk));
      if (job.kind === 'deliver') await setDeliveryStatus(tx, job, '');
    } else {
      const gaveUp = job.attempts >= policy.maxAttempts;
      await tx
        .update(reportJob)
        .set({
          ...base,
          state: gaveUp ? 'failed' : 'pending',
          last_error: outcome.retry.slice(0, 500),
          next_at: new Date(now.getTime() + backoff(job.attempts, policy.backoffMs)),
        })
        .where(eq(reportJob.pk, job.pk));
      if (job.kind === 'deliver') await setDeliveryStatus(tx, job, 'failed');
    }
    await after?.(tx);
  });
}

/** Adds a job (at most one per kind and version) and makes it due now. */
export async function enqueue(
  tx: DbOrTx,
  j: { kind: JobKind; rpt_pk: number; version_pk: number; report_version: number; actor_pk: number },
): Promise<void> {
  const { kind, rpt_pk, version_pk, report_version, actor_pk } = j;
  await tx.insert(reportJob).values({ kind, rpt_pk, version_pk, report_version, actor_pk }).onConflictDoNothing();
}

/** Makes a job due now with a fresh count of attempts (the retry button). */
export async function requeue(tx: DbOrTx, pk: number, now: Date): Promise<void> {
  await tx
    .update(reportJob)
    .set({ state: 'pending', attempts: 0, next_at: now, locked_until: null, updated_at: now })
    .where(eq(reportJob.pk, pk));
}
