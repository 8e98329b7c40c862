import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { WEB_BASE, type Locale } from '@shared/constants';
import type { Logger } from '../../platform/core/logger';
import { loggableError } from '../../platform/core/log-error';
import { Limiter } from './limiter';
import { BLANK_PATH, blankPage, LOCALE_KEY, WarmPages } from './warm-pages';

/** Where the web app keeps the session (web/src/lib/storage-keys.ts). */
const SESSION_KEY = 'rxpacs.session';
const READY = '[data-testid=print-root][data-ready=true]';
const NOTICE = '.rp-notice';

export interface PdfJob {
  study_iuid: string;
  rpt_pk: number;
  emergency: boolean;
  /** The report as at this audit version (the archive), not as it stands now. */
  audit_version?: number;
  /** The caller's own session: the page sees exactly what the caller may see. Never logged, never in a URL. */
  token: string;
  expiresAt: Date;
  locale: Locale;
}

/**
 * PDFs are background work next to the platform's requests (an audit's archive, a print): on Linux the
 * browser runs at SCHED_IDLE through this launcher, so rendering never takes CPU a save or a worklist
 * page is waiting for (docs/decisions.md, "Worklist and save speed measured as ratios to the database").
 * The archive's catch-up renderer (`priority: 'normal'`) starts through it too, at normal priority.
 */
const IDLE_LAUNCHER = fileURLToPath(new URL('./idle-chromium.sh', import.meta.url));

export class PdfUnavailable extends Error {}
export class PdfFailed extends Error {}

export interface PdfRendererOptions {
  executablePath: string | undefined;
  /** The app itself: the page is served to Chromium on a private loopback listener. */
  fetch: (req: Request) => Response | Promise<Response>;
  log: Logger;
  concurrency?: number;
  /**
   * 'idle' (default): Chromium at SCHED_IDLE in a group of the lowest weight, only the CPU requests leave over;
   * 'normal': the archive's catch-up renderer, weighed as an equal of the server (idle-chromium.sh).
   */
  priority?: 'idle' | 'normal';
  /** Per job, from the moment it is queued. */
  timeoutMs?: number;
  /** A page kept for the next job is closed after this long unused (default a minute). */
  idleMs?: number;
}

interface Started {
  browser: Browser;
  origin: string;
  pages: WarmPages;
}

/**
 * Renders the platform's own print page to PDF in headless Chromium. One browser, started on first use
 * and reused; pages kept warm between jobs, each job seeing its own session only (warm-pages.ts); at most
 * `concurrency` jobs at once.
 */
export class PdfRenderer {
  private started: Promise<Started> | null = null;
  private server: ServerType | null = null;
  private closed = false;
  private readonly limiter: Limiter;
  private readonly timeoutMs: number;
  private readonly concurrency: number;

  constructor(private readonly o: PdfRendererOptions) {
    this.concurrency = o.concurrency ?? 2;
    this.limiter = new Limiter(this.concurrency);
    this.timeoutMs = o.timeoutMs ?? 30_000;
  }

  get available(): boolean {
    return !this.closed && !!this.o.executablePath && existsSync(this.o.executablePath);
  }

  async render(job: PdfJob): Promise<Buffer> {
    if (!this.available) throw new PdfUnavailable();
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      return await this.limiter.run(() => this.renderNow(job, signal), signal);
    } catch (e) {
      if (e instanceof PdfUnavailable) throw e;
      this.o.log.warn({ err: loggableError(e), study_iuid: job.study_iuid, rpt_pk: job.rpt_pk }, 'report pdf failed');
      throw new PdfFailed();
    }
  }

  /** Browser pages opened since the browser started (a warm page is reused, not opened again). */
  async pagesOpened(): Promise<number> {
    return (await this.started?.catch(() => null))?.pages.opened ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    const started = this.started;
    this.started = null;
    const s = await started?.catch(() => null);
    s?.pages.close();
    await s?.browser.close().catch(() => undefined);
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async renderNow(job: PdfJob, signal: AbortSignal): Promise<Buffer> {
    const { pages, origin } = await this.start();
    const page = await pages.take(job.locale);
    let parked = false;
    const abort = () => void page.close().catch(() => undefined);
    signal.addEventListener('abort', abort, { once: true });
    try {
      signal.throwIfAborted();
      const session = JSON.stringify({
        state: { token: job.token, expiresAt: job.expiresAt.getTime(), refreshedAt: Date.now(), locked: false },
        version: 0,
      });
      await page.evaluate(
        ([sk, sv, lk, lv]) => {
          sessionStorage.setItem(sk, sv);
          localStorage.setItem(lk, lv);
        },
        [SESSION_KEY, session, LOCALE_KEY, job.locale] as const,
      );
      const query = new URLSearchParams({ study_iuid: job.study_iuid, rpt_pk: String(job.rpt_pk) });
      if (job.emergency) query.set('isJz', '1');
      if (job.audit_version) query.set('audit_version', String(job.audit_version));
      await page.goto(`${origin}${WEB_BASE}#/rptPrint?${query}`);
      await page.locator(`${READY}, ${NOTICE}`).first().waitFor();
      if (!(await page.locator(READY).count())) {
        throw new Error(`print page refused: ${await page.locator(NOTICE).first().textContent()}`);
      }
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      signal.throwIfAborted();
      // The PDF is made: a page that cannot be parked is closed (finally), the job still succeeds.
      parked = await pages.park(page, job.locale).then(
        () => true,
        () => false,
      );
      return pdf;
    } finally {
      signal.removeEventListener('abort', abort);
      if (!parked) await page.close().catch(() => undefined);
    }
  }

  private start(): Promise<Started> {
    this.started ??= this.launch().catch((e: unknown) => {
      this.started = null;
      throw e;
    });
    return this.started;
  }

  private async launch(): Promise<Started> {
    const fetch = this.o.fetch;
    this.server ??= await new Promise<ServerType>((resolve) => {
      const s = serve(
        {
          fetch: (req) => (new URL(req.url).pathname === BLANK_PATH ? blankPage() : fetch(req)),
          port: 0,
          hostname: '127.0.0.1',
        },
        () => resolve(s),
      );
    });
    const { port } = this.server.address() as AddressInfo;
    // Loaded at the first PDF, not at start-up: playwright-core is some 40 MB of the server's memory.
    const { chromium } = await import('playwright-core');
    const idle = process.platform === 'linux';
    const browser = await chromium.launch({
      executablePath: idle ? IDLE_LAUNCHER : this.o.executablePath,
      ...(idle
        ? { env: { ...process.env, RX_CHROMIUM: this.o.executablePath, RX_PRIORITY: this.o.priority ?? 'idle' } }
        : {}),
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    if (this.closed) {
      await browser.close();
      throw new PdfUnavailable();
    }
    const origin = `http://127.0.0.1:${port}`;
    const pages = new WarmPages(browser, origin, {
      max: this.concurrency,
      idleMs: this.o.idleMs ?? 60_000,
      timeoutMs: this.timeoutMs,
    });
    // A crashed browser is started again by the next job.
    browser.on('disconnected', () => {
      pages.close();
      if (this.started) this.started = null;
    });
    return { browser, origin, pages };
  }
}
