import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __printCalls?: number;
    __closeCalls?: number;
    /** How many A4 pages were on screen when print was last called. */
    __printedPages?: number;
  }
}

/** The print page (#/rptPrint). */
export class ReportPrintPage {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  /** Replaces window.print and window.close, counting the calls: in this document and every later one. */
  static async stubPrinting(page: Page): Promise<void> {
    const stub = () => {
      window.__printCalls = 0;
      window.__closeCalls = 0;
      window.print = () => {
        window.__printCalls = (window.__printCalls ?? 0) + 1;
        window.__printedPages = document.querySelectorAll('[data-testid=report-page]').length;
      };
      window.close = () => {
        window.__closeCalls = (window.__closeCalls ?? 0) + 1;
      };
    };
    await page.context().addInitScript(stub);
    // The app is one document: moving to #/rptPrint is a hash change, not a new page.
    await page.evaluate(stub);
  }

  async open(query: Record<string, string>): Promise<void> {
    await this.page.goto(`${this.appUrl}#/rptPrint?${new URLSearchParams(query).toString()}`);
  }

  /** Waits until the report is on screen with its images loaded. */
  async waitReady(): Promise<void> {
    await this.page.locator('[data-testid=print-root][data-ready=true]').waitFor();
  }

  readonly notice = (testId: string) => this.page.getByTestId(testId);
  readonly watermark = () => this.page.getByTestId('report-watermark');
  readonly pages = () => this.page.getByTestId('report-page');

  printCalls(): Promise<[number, number]> {
    return this.page.evaluate(() => [window.__printCalls ?? 0, window.__closeCalls ?? 0] as [number, number]);
  }

  /** How many A4 pages were on screen when the page last called print. */
  printedPages(): Promise<number | undefined> {
    return this.page.evaluate(() => window.__printedPages);
  }

  /** How many A4 pages are on screen now (no waiting). */
  pagesNow(): Promise<number> {
    return this.page.evaluate(() => document.querySelectorAll('[data-testid=report-page]').length);
  }

  /** Chromium's own PDF of the page, as printed (CSS page size). */
  pdf(): Promise<Buffer> {
    return this.page.pdf({ preferCSSPageSize: true, printBackground: true });
  }
}
