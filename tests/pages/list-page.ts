import type { Download, Page } from 'playwright-core';

/**
 * A screen built on the shared list parts (web/src/components/list-page), by its test id prefix:
 * `wl` (worklist), `col` (favourites).
 */
export class ListScreen {
  constructor(
    readonly page: Page,
    readonly prefix: string,
  ) {}

  readonly id = (suffix: string) => this.page.getByTestId(`${this.prefix}-${suffix}`);
  readonly rows = () => this.id('row');

  /** Waits until the list has loaded for a URL query containing `query` with at least `min` rows. */
  async waitForResults(opts: { query?: string; min?: number } = {}): Promise<void> {
    await this.page.waitForFunction(
      ({ prefix, query, min }) => {
        const el = document.querySelector<HTMLElement>(`[data-testid=${prefix}-result]`);
        if (!el || el.dataset.fetching !== 'false' || el.dataset.total === '') return false;
        if (!(el.dataset.query ?? '').includes(query)) return false;
        return document.querySelectorAll(`[data-testid=${prefix}-row]`).length >= min;
      },
      { prefix: this.prefix, query: opts.query ?? '', min: opts.min ?? 1 },
    );
  }

  async total(): Promise<number> {
    return Number(await this.id('result').getAttribute('data-total'));
  }

  async cellTexts(testId: string): Promise<string[]> {
    return this.id('result').getByTestId(testId).allTextContents();
  }

  /** Opens the column settings and unticks (or ticks) one column. */
  async setColumnShown(key: string, shown: boolean): Promise<void> {
    await this.id('columns').click();
    const box = this.id(`column-${key}`);
    await box.waitFor();
    if (shown) await box.check();
    else await box.uncheck();
    await this.page.keyboard.press('Escape');
  }

  /** Clicks a column header (by its title) to sort by it. */
  async clickHeader(title: string): Promise<void> {
    await this.id('table').locator('th.ant-table-column-has-sorters', { hasText: title }).click();
  }

  async selectRow(index: number): Promise<void> {
    await this.rows().nth(index).locator('.ant-checkbox-input').check();
  }

  async exportFile(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.id('export').click();
    return download;
  }
}
