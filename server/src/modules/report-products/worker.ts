import type { AppDeps } from '../../platform/context';
import { loggableError } from '../../platform/core/log-error';
import { rendererFor } from '../report-pdf';
import { runArchive } from './archive-job';
import { runDelivery, runResend, runWithdrawal } from './deliver-job';
import { claimDue, RESEND, settle, type JobKind, type JobPolicy, type JobRow, type Lane, type Outcome } from './jobs';
import { releaseLateDeliveries } from './late-delivery';
import { renderPriority } from './render-priority';

/** Runs one attempt of a job that sends something; another module adds its own (the HIS module: HL7 results). */
export type JobRunner = (deps: AppDeps, job: JobRow) => Promise<Outcome>;
const runners = new Map<string, JobRunner>([
  ['deliver', runDelivery],
  ['withdraw', runWithdrawal],
  [RESEND, runResend],
]);

/** Adds the runner of a job kind (the HIS module's 'hl7_result' and 'hl7_cancel'). */
export function registerJobRunner(
  kind: Exclude<JobKind, 'archive' | 'deliver' | 'deliver_pdf' | 'withdraw'>,
  run: JobRunner,
): void {
  runners.set(kind, run);
}

type Fetch = (req: Request) => Response | Promise<Response>;

/**
 * One lane of the worker: polls report_job for its kinds and runs up to `size` jobs at once; kicked after an
 * audit or a retry, else every REPORT_JOB_POLL_MS.
 */
class LaneRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** Wakes a drain waiting for a running job (a kick: new jobs may be due). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly size: number,
    private readonly claim: () => Promise<JobRow | null>,
    private readonly run: (job: JobRow) => Promise<void>,
  ) {}

  /** Looks for due jobs now (after an audit or a retry), else at the next poll. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      this.wake?.();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain()
      .catch((e: unknown) => this.deps.log.warn({ err: loggableError(e) }, 'report jobs: poll failed'))
      .finally(() => {
        this.running = null;
        if (this.closed) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.deps.env.REPORT_JOB_POLL_MS);
          this.timer.unref();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims while a place is free and a job is due; when none is, waits for a running job and looks again. */
  private async drain(): Promise<void> {
    const active = new Set<Promise<void>>();
    for (;;) {
      while (!this.closed && active.size < this.size) {
        const job = await this.claim();
        if (!job) break;
        const p: Promise<void> = this.run(job).finally(() => active.delete(p));
        active.add(p);
      }
      if (active.size === 0) return;
      // A place is free or none is due: wait for a running job, a kick or the next poll, then claim again.
      let timer: NodeJS.Timeout | undefined;
      const woken = new Promise<void>((resolve) => {
        this.wake = resolve;
        timer = setTimeout(resolve, this.deps.env.REPORT_JOB_POLL_MS);
      });
      await Promise.race([...active, woken]);
      clearTimeout(timer);
      this.wake = null;
    }
  }
}

/**
 * One worker per running app, three lanes: archive renders, REPORT_ARCHIVE_POOL at once; one more render for
 * archives pending longer than REPORT_ARCHIVE_CATCH_UP_MS only (at normal priority), so fresh renders starving at
 * idle priority on a saturated machine cannot hold every place; and every other kind (deliveries, withdrawals,
 * HL7), one at a time, so nothing is sent later because PDFs are being made.
 */
class ReportJobWorker {
  private readonly policy: JobPolicy;
  private readonly lanes: LaneRunner[];
  private lateCheckedAt = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly fetch: Fetch,
  ) {
    this.policy = {
      backoffMs: deps.env.REPORT_JOB_BACKOFF_MS,
      maxAttempts: deps.env.REPORT_JOB_MAX_ATTEMPTS,
      leaseMs: 120_000,
    };
    const claim = (lane: () => Lane) => () => claimDue(this.deps.db, this.now(), this.policy.leaseMs, lane());
    const run = (job: JobRow) => this.runOne(job);
    const bound = deps.env.REPORT_ARCHIVE_CATCH_UP_MS;
    const aged = () => ({ agedBefore: new Date(this.now().getTime() - bound) });
    this.lanes = [
      new LaneRunner(
        deps,
        deps.env.REPORT_ARCHIVE_POOL,
        claim(() => 'archive'),
        run,
      ),
      ...(bound > 0 ? [new LaneRunner(deps, 1, claim(aged), run)] : []),
      new LaneRunner(deps, 1, () => this.releaseThenClaim(claim(() => 'other')), run),
    ];
  }

  kick(): void {
    for (const lane of this.lanes) lane.kick();
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.close()));
  }

  private now = () => this.deps.now?.() ?? new Date();

  /** Before the other lane claims (at most once a poll): deliveries whose PDF is late go without it. */
  private async releaseThenClaim(claim: () => Promise<JobRow | null>): Promise<JobRow | null> {
    const now = this.now();
    if (now.getTime() - this.lateCheckedAt >= this.deps.env.REPORT_JOB_POLL_MS) {
      this.lateCheckedAt = now.getTime();
      await releaseLateDeliveries(this.deps, now);
    }
    return claim();
  }

  /** Idle priority, or normal once the archive has waited REPORT_ARCHIVE_CATCH_UP_MS (render-priority.ts). */
  private archive(job: JobRow) {
    const priority = renderPriority(job.created_at, this.now(), this.deps.env.REPORT_ARCHIVE_CATCH_UP_MS);
    return runArchive(this.deps, rendererFor(this.deps, this.fetch, priority), job);
  }

  private async runOne(job: JobRow): Promise<void> {
    try {
      if (job.kind === 'archive') {
        const { outcome, after } = await this.archive(job);
        await settle(this.deps.db, job, outcome, this.policy, this.now(), after);
      } else {
        const run = runners.get(job.kind);
        const outcome: Outcome = run ? await run(this.deps, job) : { superseded: `no runner for ${job.kind}` };
        await settle(this.deps.db, job, outcome, this.policy, this.now());
      }
    } catch (e) {
      this.deps.log.warn({ err: loggableError(e), job: job.pk, kind: job.kind }, 'report job failed');
      await settle(this.deps.db, job, { retry: 'internal error' }, this.policy, this.now());
    }
  }
}

const workers = new WeakMap<AppDeps, ReportJobWorker>();

/** Starts this app's worker (REPORT_JOBS=on); `fetch` is the app, for the print page the PDF is made from. */
export function startReportJobs(deps: AppDeps, fetch: Fetch): void {
  if (deps.env.REPORT_JOBS !== 'on' || workers.has(deps)) return;
  const w = new ReportJobWorker(deps, fetch);
  workers.set(deps, w);
  w.kick();
}

/** Runs due jobs now rather than at the next poll (no-op when this process has no worker). */
export function kickReportJobs(deps: AppDeps): void {
  workers.get(deps)?.kick();
}

export async function closeReportJobs(deps: AppDeps): Promise<void> {
  await workers.get(deps)?.close();
  workers.delete(deps);
}
