import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { report, reportJob } from '../../platform/db/schema';

export type JobRow = typeof reportJob.$inferSelect;
export type JobKind = 'archive' | 'deliver' | 'deliver_pdf' | 'withdraw' | 'hl7_result' | 'hl7_cancel' | 'hl7_critical';
/**
 * The worker's lanes: archive renders (a pool of REPORT_ARCHIVE_POOL); one more place for archives audited before
 * a bound only (`{ agedBefore }`: REPORT_ARCHIVE_CATCH_UP_MS ago), so a late archive is never stuck behind fresh
 * renders starving at idle priority; and everything else, one at a time, so a delivery never waits behind a
 * render (docs/report-products.md, "Rendering pool").
 */
export type Lane = 'archive' | { agedBefore: Date } | 'other';
/** The kinds that speak to the hospital's FHIR endpoint; `report.delivery_status` follows the newest of them. */
export const SENDING_KINDS = ['deliver', 'withdraw'] as const;
/** The HL7 result to the HIS, its cancel, and a critical value told before sign-off (the HIS module's runners). */
export const HIS_KINDS = ['hl7_result', 'hl7_cancel', 'hl7_critical'] as const;
/** What takes back each kind that sends a report (the audit was cancelled): FHIR delivery, HL7 result. */
export const WITHDRAWAL_OF: Readonly<Record<string, JobKind>> = { deliver: 'withdraw', hl7_result: 'hl7_cancel' };
const isSend = (kind: string) => kind in WITHDRAWAL_OF;
/**
 * 'deliver_pdf': a delivery that went without its PDF (the archive was late or gave up, REPORT_DELIVERY_PDF_WAIT_MS)
 * sent again with it once it is made, as a conditional update of the same identifier. It acts for its delivery:
 * the report's status follows it while that delivery is the newest; a cancel withdraws after it (claimDue).
 */
export const RESEND = 'deliver_pdf';
const isFhir = (kind: string) => kind === RESEND || (SENDING_KINDS as readonly string[]).includes(kind);

/** The version row of a job that belongs to an audit (every kind but 'hl7_critical', which names its loop). */
export function versionOf(job: Pick<JobRow, 'pk' | 'version_pk'>): number {
  if (job.version_pk === null) throw new Error(`report job ${job.pk} names no version`);
  return job.version_pk;
}

/**
 * What a handler made of one attempt. `retry` carries the error shown on the report (no secrets, no report
 * text); `unanswered`: the request may have reached the receiver, but no answer came back; `giveUp`: the
 * receiver refused it for good (HL7 AR), no more attempts.
 */
export type Outcome =
  { done: true } | { superseded: string } | { retry: string; unanswered?: boolean; giveUp?: boolean };

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
 * A worker that died mid-job leaves a lease that runs out, and the job is claimed again. A withdrawal (or
 * HL7 cancel) waits while its audit's delivery (HL7 result) is still pending (in flight, or a lease that has not run out).
 */
export async function claimDue(db: Db, now: Date, leaseMs: number, lane: Lane): Promise<JobRow | null> {
  const until = new Date(now.getTime() + leaseMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const kind =
    lane === 'other'
      ? sql`j.kind <> 'archive'`
      : lane === 'archive'
        ? sql`j.kind = 'archive'`
        : sql`j.kind = 'archive' and j.created_at <= ${lane.agedBefore.toISOString()}::timestamptz`;
  const rows = await db
    .update(reportJob)
    .set({ attempts: sql`${reportJob.attempts} + 1`, locked_until: until, updated_at: now })
    .where(
      eq(
        reportJob.pk,
        sql`(select j.pk from ${reportJob} j where j.state = 'pending' and j.next_at <= ${at}
          and (j.locked_until is null or j.locked_until < ${at})
          and ${kind}
          and not (j.kind in ('withdraw', 'hl7_cancel', 'deliver_pdf') and exists (select 1 from ${reportJob} d
            where (d.kind = case j.kind when 'hl7_cancel' then 'hl7_result' else 'deliver' end
              or (j.kind = 'withdraw' and d.kind = 'deliver_pdf'))
            and d.version_pk = j.version_pk and d.state = 'pending'))
          order by j.next_at, j.pk limit 1 for update of j skip locked)`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/**
 * Every transaction that changes a report's jobs locks the report row first, as cancel-audit does (it
 * updates the report, then looks at the jobs): one lock order, no deadlock between them.
 */
export async function lockReport(tx: DbOrTx, rptPk: number): Promise<void> {
  await tx.select({ pk: report.rpt_pk }).from(report).where(eq(report.rpt_pk, rptPk)).for('update');
}

/** The report's delivery status follows its newest delivery or withdrawal job only (a re-send acts for its delivery). */
async function setDeliveryStatus(tx: DbOrTx, job: JobRow, status: string): Promise<void> {
  const [newest] = await tx
    .select({ pk: reportJob.pk, kind: reportJob.kind, version_pk: reportJob.version_pk })
    .from(reportJob)
    .where(and(eq(reportJob.rpt_pk, job.rpt_pk), inArray(reportJob.kind, SENDING_KINDS)))
    .orderBy(desc(reportJob.pk))
    .limit(1);
  const mine =
    job.kind === RESEND ? newest?.kind === 'deliver' && newest.version_pk === job.version_pk : newest?.pk === job.pk;
  if (mine) await tx.update(report).set({ delivery_status: status }).where(eq(report.rpt_pk, job.rpt_pk));
}

/** The withdrawal queued for a delivery's (HL7 result's) audit (the audit was cancelled), if any. */
async function withdrawalOf(tx: DbOrTx, job: JobRow): Promise<JobRow | null> {
  const [w] = await tx
    .select()
    .from(reportJob)
    .where(
      and(
        eq(reportJob.kind, WITHDRAWAL_OF[job.kind === RESEND ? 'deliver' : job.kind]!),
        eq(reportJob.version_pk, versionOf(job)),
      ),
    );
  return w ?? null;
}

/**
 * Records an attempt's outcome; `after` runs in the same transaction (the archive's next step).
 * Status shown: a delivery done is 'delivered'; a withdrawal done, or anything superseded, '' (the
 * hospital holds no report of ours that stands); a failed attempt 'failed'.
 */
export async function settle(
  db: Db,
  job: JobRow,
  outcome: Outcome,
  policy: JobPolicy,
  now: Date,
  after?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockReport(tx, job.rpt_pk);
    const base = { locked_until: null, updated_at: now };
    const end = async (j: JobRow, state: 'done' | 'superseded', error: string, status: string) => {
      await tx
        .update(reportJob)
        .set({ ...base, state, last_error: error })
        .where(eq(reportJob.pk, j.pk));
      // A re-send superseded (the audit was cancelled, or its delivery never went) leaves the status to others.
      if (isFhir(j.kind) && !(j.kind === RESEND && state === 'superseded')) await setDeliveryStatus(tx, j, status);
    };
    const withdrawal =
      (isSend(job.kind) || job.kind === RESEND) && 'retry' in outcome ? await withdrawalOf(tx, job) : null;
    if ('done' in outcome) {
      await end(job, 'done', '', job.kind === 'deliver' || job.kind === RESEND ? 'delivered' : '');
    } else if ('superseded' in outcome) {
      await end(job, 'superseded', outcome.superseded, '');
    } else if (withdrawal) {
      // The audit was cancelled while this attempt was out: no more attempts. An answered failure (and no
      // earlier attempt without an answer) means the receiver has nothing to withdraw; else the withdrawal goes.
      await end(job, 'superseded', outcome.retry.slice(0, 500), '');
      // A re-send's delivery did reach the receiver: its withdrawal always goes.
      if (job.kind !== RESEND && !outcome.unanswered && !job.maybe_sent && withdrawal.state === 'pending')
        await end(withdrawal, 'superseded', 'nothing was delivered', '');
    } else {
      const gaveUp = job.attempts >= policy.maxAttempts || !!outcome.giveUp;
      await tx
        .update(reportJob)
        .set({
          ...base,
          state: gaveUp ? 'failed' : 'pending',
          last_error: outcome.retry.slice(0, 500),
          next_at: new Date(now.getTime() + backoff(job.attempts, policy.backoffMs)),
          ...(isSend(job.kind) && outcome.unanswered ? { maybe_sent: true } : {}),
        })
        .where(eq(reportJob.pk, job.pk));
      if (isFhir(job.kind)) await setDeliveryStatus(tx, job, 'failed');
    }
    await after?.(tx);
  });
}

/** Adds a job (at most one per kind and version) and makes it due now. */
export async function enqueue(
  tx: DbOrTx,
  j: { kind: JobKind; rpt_pk: number; version_pk: number; report_version: number; actor_pk: number },
): Promise<boolean> {
  const { kind, rpt_pk, version_pk, report_version, actor_pk } = j;
  const rows = await tx
    .insert(reportJob)
    .values({ kind, rpt_pk, version_pk, report_version, actor_pk })
    .onConflictDoNothing()
    .returning({ pk: reportJob.pk });
  return rows.length > 0;
}

/** Makes a job due now with a fresh count of attempts (the retry button). */
export async function requeue(tx: DbOrTx, pk: number, now: Date): Promise<void> {
  await tx
    .update(reportJob)
    .set({ state: 'pending', attempts: 0, next_at: now, locked_until: null, updated_at: now })
    .where(eq(reportJob.pk, pk));
}

/** Jobs not done by kind and state ('archive_pending', 'deliver_failed', ...), every pair present (0 when none). */
export async function jobCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: reportJob.kind, state: reportJob.state, n: sql<number>`count(*)::int` })
    .from(reportJob)
    .where(inArray(reportJob.state, ['pending', 'failed']))
    .groupBy(reportJob.kind, reportJob.state);
  const out: Record<string, number> = {};
  for (const kind of ['archive', 'deliver', RESEND, 'withdraw', ...HIS_KINDS])
    for (const state of ['pending', 'failed']) out[`${kind}_${state}`] = 0;
  for (const r of rows) out[`${r.kind}_${r.state}`] = Number(r.n);
  return out;
}
