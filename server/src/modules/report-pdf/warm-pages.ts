import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Locale } from '@shared/constants';

/** Where the web app keeps the language (web/src/lib/storage-keys.ts). */
export const LOCALE_KEY = 'rxpacs.locale';

/** The renderer's own empty page, on the print page's origin: where a page waits between jobs. */
export const BLANK_PATH = '/__rx-pdf-blank';

export const blankPage = () =>
  new Response('<!doctype html><title></title>', {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });

const VIEWPORT = { width: 1240, height: 1754 };

interface Parked {
  page: Page;
  locale: Locale;
  timer: NodeJS.Timeout;
}

export interface WarmPagesOptions {
  /** Pages kept waiting at most (the renderer's concurrency). */
  max: number;
  /** A page unused this long is closed. */
  idleMs: number;
  timeoutMs: number;
}

/**
 * Browser pages kept open between PDF jobs. A fresh page costs a renderer process and the web app's whole
 * start (about 1.3 CPU-seconds a job); a page that has loaded the app before starts it again from warm
 * caches in its own process (about 0.8). One browser context per language, so every page of a context
 * keeps the same language in storage.
 *
 * A page waits on the blank page with its storage cleared (but for the language): the job's app is
 * unloaded (no timer of it runs, no token refresh) and its session forgotten before the job counts as
 * done. Only a page whose job went well comes back; a failed, refused or aborted job's page is closed.
 */
export class WarmPages {
  private readonly contexts = new Map<Locale, Promise<BrowserContext>>();
  private readonly parked: Parked[] = [];
  private pagesOpened = 0;

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
    private readonly o: WarmPagesOptions,
  ) {}

  /** Pages opened so far (tests: a warm page is reused). */
  get opened(): number {
    return this.pagesOpened;
  }

  /** A page on the blank page, storage cleared, for a job in `locale`. */
  async take(locale: Locale): Promise<Page> {
    let i: number;
    while ((i = this.parked.findIndex((p) => p.locale === locale)) >= 0) {
      const [p] = this.parked.splice(i, 1);
      clearTimeout(p!.timer);
      if (!p!.page.isClosed()) return p!.page; // closed meanwhile (a job's timeout, the browser gone)
    }
    const page = await (await this.context(locale)).newPage();
    this.pagesOpened++;
    page.setDefaultTimeout(this.o.timeoutMs);
    try {
      await page.goto(`${this.origin}${BLANK_PATH}`);
    } catch (e) {
      void page.close().catch(() => undefined);
      throw e;
    }
    return page;
  }

  /** Unloads the job's page, forgets its session, and keeps the page for the next job in its language. */
  async park(page: Page, locale: Locale): Promise<void> {
    await page.goto(`${this.origin}${BLANK_PATH}`);
    await page.evaluate(forget, LOCALE_KEY);
    const timer = setTimeout(() => this.drop(page), this.o.idleMs);
    timer.unref();
    this.parked.push({ page, locale, timer });
    while (this.parked.length > this.o.max) this.drop(this.parked[0]!.page);
  }

  /** Closes every waiting page (the browser closes the contexts). */
  close(): void {
    for (const p of [...this.parked]) this.drop(p.page);
  }

  private drop(page: Page): void {
    const i = this.parked.findIndex((p) => p.page === page);
    if (i >= 0) clearTimeout(this.parked.splice(i, 1)[0]!.timer);
    void page.close().catch(() => undefined);
  }

  private context(locale: Locale): Promise<BrowserContext> {
    let c = this.contexts.get(locale);
    if (!c) {
      c = this.browser.newContext({ locale, viewport: VIEWPORT });
      c.catch(() => this.contexts.delete(locale));
      this.contexts.set(locale, c);
    }
    return c;
  }
}

/**
 * Runs in the page: nothing of a job stays for the next (window.name survives navigations in a tab). The
 * session is in sessionStorage, the page's own. localStorage is shared by the context's pages: all of it
 * goes but the language, which is the context's own and never absent while another page's app starts.
 */
export function forget(localeKey: string): void {
  sessionStorage.clear();
  for (const key of Object.keys(localStorage)) if (key !== localeKey) localStorage.removeItem(key);
  window.name = '';
}
