import type { Download, Page } from 'playwright-core';

/** A statistics page (/UserWorkCount, /monthCount): filters, query / export, the table and its total row. */
export class StatisticsPage {
  constructor(
    readonly page: Page,
    private readonly appUrl: string,
  ) {}

  async open(route: string, pageTestId: string): Promise<void> {
    await this.page.goto(`${this.appUrl}#${route}`);
    await this.page.getByTestId(pageTestId).waitFor();
  }

  /** Presses Query and waits for the statistics answer of `call`. */
  async query(call: string): Promise<void> {
    await Promise.all([
      this.page.waitForResponse((r) => r.url().endsWith(`/orderCount/${call}`)),
      this.page.getByTestId('stats-query').click(),
    ]);
    await this.settled();
  }

  /**
   * Waits until no table of the page (or the one of `tableTestId`) is loading. antd 6 puts its spinner
   * around the table, outside the element that carries the test id, and the rows of an answer appear in
   * the same render that removes it: a response seen by the browser is not yet rows on the page.
   */
  async settled(tableTestId?: string): Promise<void> {
    const wrapper = this.page.locator(
      '.ant-table-wrapper',
      tableTestId ? { has: this.page.getByTestId(tableTestId) } : {},
    );
    await wrapper.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  }

  /**
   * The numbers of every row (the first, label column left out) and of the total row; `tableTestId` names
   * the table when the page has several.
   */
  async table(tableTestId?: string): Promise<{ labels: string[]; rows: number[][]; total: number[] }> {
    await this.settled(tableTestId);
    const scope = tableTestId ? this.page.getByTestId(tableTestId) : this.page;
    const cells = (row: ReturnType<Page['getByTestId']>) => row.locator('td').allInnerTexts();
    const rows: number[][] = [];
    const labels: string[] = [];
    for (const row of await scope.getByTestId('stats-row').all()) {
      const [label, ...nums] = await cells(row);
      labels.push(label!.trim());
      rows.push(nums.map(Number));
    }
    const [, ...total] = await cells(scope.getByTestId('stats-total-row'));
    return { labels, rows, total: total.map(Number) };
  }

  /** The texts of one column (0-based cell index) of every row but the total. */
  async column(index: number, tableTestId?: string): Promise<string[]> {
    await this.settled(tableTestId);
    const scope = tableTestId ? this.page.getByTestId(tableTestId) : this.page;
    const out: string[] = [];
    for (const row of await scope.getByTestId('stats-row').all()) {
      out.push((await row.locator('td').nth(index).innerText()).trim());
    }
    return out;
  }

  async exportFile(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('stats-export').click(),
    ]);
    return download;
  }

  async warning(text: string): Promise<void> {
    await this.page.locator('.ant-message-warning').getByText(text).waitFor();
  }
}
