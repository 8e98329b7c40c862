import type { Page } from 'playwright-core';

/** The report screen's delivery line and the version list's archived PDFs (docs/report-products.md). */
export class ReportProductsPanel {
  constructor(readonly page: Page) {}

  readonly delivery = () => this.page.getByTestId('rw-delivery');
  readonly retry = () => this.page.getByTestId('rw-delivery-retry');

  async waitDelivery(status: string): Promise<void> {
    await this.page.locator(`[data-testid=rw-delivery][data-status="${status}"]`).waitFor({ timeout: 30_000 });
  }

  /** Opens the version list and the first archived PDF: the new tab (showing the blob) and the answer it came from. */
  async openFirstArchivedPdf(): Promise<{ tab: Page; url: string; status: number; type: string }> {
    await this.page.getByTestId('rw-btn-versions').click();
    const pdfButton = this.page.getByTestId('rw-version-pdf').first();
    await pdfButton.waitFor();
    const [tab, res] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.page.waitForResponse((r) => new URL(r.url()).pathname === '/report/archive'),
      pdfButton.click(),
    ]);
    await tab.waitForURL(/^blob:/);
    return { tab, url: res.url(), status: res.status(), type: res.headers()['content-type'] ?? '' };
  }
}
