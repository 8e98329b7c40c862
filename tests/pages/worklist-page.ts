import type { Page } from 'playwright-core';

/** The image list (#/orderList). */
export class WorklistPage {
  constructor(readonly page: Page) {}

  readonly rows = () => this.page.getByTestId('wl-row');
  readonly result = () => this.page.getByTestId('wl-result');

  /**
   * Waits until the list has loaded for a URL query that contains `query` (or is exactly `exact`) and
   * shows at least `min` rows.
   */
  async waitForResults(opts: { query?: string; exact?: string; min?: number } = {}): Promise<void> {
    await this.page.waitForFunction(
      ({ query, exact, min }) => {
        const el = document.querySelector<HTMLElement>('[data-testid=wl-result]');
        if (!el || el.dataset.fetching !== 'false' || el.dataset.total === '') return false;
        const q = el.dataset.query ?? '';
        if (exact !== null ? q !== exact : !q.includes(query)) return false;
        return document.querySelectorAll('[data-testid=wl-row]').length >= min;
      },
      { query: opts.query ?? '', exact: opts.exact ?? null, min: opts.min ?? 1 },
    );
  }

  async reset(): Promise<void> {
    await this.page.getByTestId('wl-reset').click();
    await this.waitForResults({ exact: '' });
  }

  async total(): Promise<number> {
    return Number(await this.result().getAttribute('data-total'));
  }

  async chooseModality(modality: string): Promise<void> {
    const select = this.page.getByTestId('wl-modalities');
    await select.click();
    await select.locator('input').fill(modality);
    await this.page.locator(`.ant-select-item-option[title="${modality}"]`).click();
    await this.page.keyboard.press('Escape');
  }

  async fillPatientId(id: string): Promise<void> {
    await this.page.getByTestId('wl-patient-id').fill(id);
  }

  async search(expectQuery: string): Promise<void> {
    await this.page.getByTestId('wl-search').click();
    await this.waitForResults({ query: expectQuery, min: 0 });
  }

  async cellTexts(testId: string): Promise<string[]> {
    return this.page.getByTestId(testId).allTextContents();
  }

  /** The hospital of each row (its data-hospital; the column itself shows only to the super administrator). */
  async hospitalCodes(): Promise<string[]> {
    return this.rows().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.hospital ?? ''));
  }

  /** The row (a locator) of the first study whose patient id appears more than once on the page. */
  async rowOfRepeatedPatient() {
    const ids = await this.cellTexts('cell-patient-id');
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (!repeated) throw new Error('no patient with two studies on this page');
    return { patientId: repeated, row: this.rows().filter({ hasText: repeated }).first() };
  }
}
