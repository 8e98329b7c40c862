import type { AppDeps } from '../../platform/context';
import { loggableError } from '../../platform/core/log-error';
import { rendererFor } from '../report-pdf';
import { runArchive } from './archive-job';
import { runDelivery, runWithdrawal } from './deliver-job';
import { claimDue, settle, type JobKind, type JobPolicy, type JobRow, type Outcome } from './jobs';

/** Runs one attempt of a job that sends something; another module adds its own (the HIS module: HL7 results). */
export type JobRunner = (deps: AppDeps, job: JobRow) => Promise<Outcome>;
const runners = new Map<string, JobRunner>([
  ['deliver', runDelivery],
  ['withdraw', runWithdrawal],
]);

/** Adds the runner of a job kind (the HIS module's 'hl7_result' and 'hl7_cancel'). */
export function registerJobRunner(kind: Exclude<JobKind, 'archive' | 'deliver' | 'withdraw'>, run: JobRunner): void {
  runners.set(kind, run);
}

type Fetch = (req: Request) => Response | Promise<Response>;

/** One worker per running app: polls report_job and runs what is due, one job at a time. */
class ReportJobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly policy: JobPolicy;

  constructor(
    private readonly deps: AppDeps,
    private readonly fetch: Fetch,
  ) {
    this.policy = {
      backoffMs: deps.env.REPORT_JOB_BACKOFF_MS,
      maxAttempts: deps.env.REPORT_JOB_MAX_ATTEMPTS,
      leaseMs: 120_000,
    };
  }

  /** Looks for due jobs now (after an audit or a retry), else at the next poll. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
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
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const job = await claimDue(this.deps.db, this.now(), this.policy.leaseMs);
      if (!job) return;
      await this.runOne(job);
    }
  }

  private now = () => this.deps.now?.() ?? new Date();

  private async runOne(job: JobRow): Promise<void> {
    try {
      if (job.kind === 'archive') {
        const renderer = rendererFor(this.deps, this.fetch);
        const { outcome, after } = await runArchive(this.deps, renderer, job);
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
