import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';

/** JavaScript a page loaded in a window of time: gzip size of the bodies, and bytes on the wire. */
export interface ScriptBytes {
  /** Sum of each script gzip-compressed (level 6): the figure the first-load target is stated in. */
  gzip: number;
  /** Body bytes that crossed the network (brotli when served so; 0 for a script from the HTTP cache). */
  wire: number;
  /** Scripts fetched from the network (not from the HTTP cache). */
  fetched: number;
}

interface Finished {
  at: number;
  gzip: number;
  wire: number;
}

/** Records every script a context loads, so a measurement can sum those finished inside its window. */
export class ScriptLog {
  private readonly done: Promise<void>[] = [];
  private readonly finished: Finished[] = [];

  constructor(context: BrowserContext) {
    context.on('requestfinished', (request) => {
      // A script still arriving while the context closes is not part of any measured window.
      if (request.resourceType() === 'script') this.done.push(this.record(request).catch(() => undefined));
    });
  }

  private async record(request: Request): Promise<void> {
    const at = Date.now();
    const response = await request.response();
    if (!response) return;
    const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
    this.finished.push({ at, gzip: gzipSync(body).length, wire: Math.max(0, sizes.responseBodySize) });
  }

  /** Scripts that finished in [from, to] (epoch ms; `to` open when omitted). */
  async between(from: number, to = Infinity): Promise<ScriptBytes> {
    await Promise.all(this.done);
    const inside = this.finished.filter((f) => f.at >= from && f.at <= to);
    return {
      gzip: inside.reduce((a, f) => a + f.gzip, 0),
      wire: inside.reduce((a, f) => a + f.wire, 0),
      fetched: inside.filter((f) => f.wire > 0).length,
    };
  }
}

/** A page is ready when each `shown` selector matches a visible, enabled element and each `present` one exists. */
export interface Ready {
  shown: string[];
  present?: string[];
}

/**
 * Waits (polling each animation frame, in the page) until `ready` holds and answers the page's
 * performance.now() at that moment: milliseconds since the navigation started.
 */
export async function readyAt(page: Page, ready: Ready): Promise<number> {
  const handle = await page.waitForFunction(
    ({ shown, present }) => {
      const ok =
        shown.every((sel) => {
          const e = document.querySelector(sel);
          return !!e && e.getClientRects().length > 0 && !(e as HTMLButtonElement).disabled;
        }) && (present ?? []).every((sel) => !!document.querySelector(sel));
      return ok ? performance.now() : false;
    },
    ready,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Login: the username field and the submit button are shown and enabled. */
export const LOGIN_READY: Ready = { shown: ['[data-testid=login-username]', '[data-testid=login-submit]'] };

/** Worklist: rows are shown and the list for the current query has finished loading. */
export const WORKLIST_READY: Ready = {
  shown: ['[data-testid=wl-row]'],
  present: ['[data-testid=wl-result][data-fetching="false"]'],
};

/** Report screen: the screen, its A4 document, its status and an enabled close button (any report status). */
export const REPORT_READY: Ready = {
  shown: ['[data-testid=rw-screen]', '[data-testid=report-document]', '[data-testid=rw-btn-close]'],
  present: ['[data-testid=rw-status][data-status]'],
};

/** Clicks `selector` and answers the milliseconds from the click event until `ready` holds. */
export async function clickUntilReady(page: Page, selector: string, ready: Ready): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __benchClickAt?: number };
    w.__benchClickAt = undefined;
    document.addEventListener(
      'click',
      () => {
        w.__benchClickAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await page.locator(selector).first().click();
  const end = await readyAt(page, ready);
  const start = await page.evaluate(() => (window as unknown as { __benchClickAt?: number }).__benchClickAt ?? NaN);
  return end - start;
}

/**
 * Waits for the browser's next idle period (where the app starts what it prefetches for the next step: the
 * signed-in code on the sign-in page, the report screen on the worklist), then for the network to be quiet.
 * A person typing a password or reading the list gives the page that much time; on a loaded machine the
 * network alone can go quiet before the idle callback has even run.
 */
export async function idleThenQuiet(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
}
