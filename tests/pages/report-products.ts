import type { Page } from 'playwright-core';

/** The report screen's delivery line and the version list's archived PDFs (docs/report-products.md). */
export class ReportProductsPanel {
  constructor(readonly page: Page) {}

  readonly delivery = () => this.page.getByTestId('rw-delivery');
  readonly retry = () => this.page.getByTestId('rw-delivery-retry');

  async waitDelivery(status: string): Promise<void> {
    await this.page.locator(`[data-testid=rw-delivery][data-status="${status}"]`).waitFor({ timeout: 30_000 });
  }

  /** Opens the version list and waits for its rows. */
  async openVersions(): Promise<void> {
    await this.page.getByTestId('rw-btn-versions').click();
    await this.page.getByTestId('rw-version').first().waitFor();
  }

  async closeVersions(): Promise<void> {
    await this.page.locator('.ant-drawer:has([data-testid=rw-versions]) .ant-drawer-close').click();
    await this.page.getByTestId('rw-versions').waitFor({ state: 'hidden' });
  }

  /** The version list's row of one version (its `pk`). */
  readonly version = (pk: number) => this.page.locator(`[data-testid=rw-version][data-pk="${pk}"]`);
  /** An audit version's PDF tag ('pending' or 'failed'), once it shows that state. */
  readonly pdfTag = (pk: number, state: 'pending' | 'failed') =>
    this.version(pk).locator(`[data-testid=rw-version-pdf-state][data-status="${state}"]`);
  readonly pdfRetry = (pk: number) => this.version(pk).getByTestId('rw-version-pdf-retry');

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

  /** Opens the version list of a third-party report and its one entry's PDF: the new tab and its address. */
  async openThirdPartyPdf(): Promise<{ entries: number; tab: Page; href: string }> {
    await this.page.getByTestId('rw-btn-versions').click();
    const link = this.page.getByTestId('rw-version-third-party-pdf');
    await link.waitFor();
    const entries = await this.page.locator('[data-testid=rw-version-third-party] .ant-list-item').count();
    const href = (await link.getAttribute('href')) ?? '';
    const [tab] = await Promise.all([this.page.context().waitForEvent('page'), link.click()]);
    return { entries, tab, href };
  }
}
