import type { Locator, Page } from 'playwright-core';

export interface HisInterfaceInput {
  name?: string;
  address?: string;
  facility?: string;
  /** The option's label as shown, e.g. "GB18030 简体中文（GB 18030-2000）". */
  charset?: string;
  resultHost?: string;
  resultPort?: number | '';
  hospital?: string;
}

/** The HIS interfaces tab of /system/device (web/src/features/his), by its test ids. */
export class HisInterfacesPage {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly form = () => this.page.getByTestId('his-form');
  readonly row = (name: string) => this.page.locator(`[data-testid=his-row][data-name="${name}"]`);

  /** Opens the device route, then its HIS tab, and waits for the list. */
  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/system/device`);
    await this.page.getByTestId('device-tab-his').click();
    await this.waitForList();
  }

  /** Waits until the list has loaded (again) and shows `min` rows or more. */
  async waitForList(min = 0): Promise<void> {
    await this.page.waitForFunction((n) => {
      const el = document.querySelector<HTMLElement>('[data-testid=his-result]');
      if (!el || el.dataset.fetching !== 'false' || el.dataset.total === '') return false;
      return document.querySelectorAll('[data-testid=his-row]').length >= n;
    }, min);
  }

  async names(): Promise<string[]> {
    return this.page
      .getByTestId('his-row')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.name ?? ''));
  }

  async openNew(): Promise<void> {
    await this.page.getByTestId('his-new').click();
    await this.form().waitFor();
  }

  async openEdit(name: string): Promise<void> {
    await this.row(name).getByTestId('his-edit').click();
    await this.form().waitFor();
  }

  async fill(v: HisInterfaceInput): Promise<void> {
    const field = (id: string) => this.page.getByTestId(`his-form-${id}`);
    if (v.name !== undefined) await field('name').fill(v.name);
    if (v.hospital !== undefined) await this.pick('his-form-hospital', v.hospital);
    if (v.address !== undefined) await field('address').fill(v.address);
    if (v.facility !== undefined) await field('facility').fill(v.facility);
    if (v.charset !== undefined) await this.pick('his-form-charset', v.charset);
    if (v.resultHost !== undefined) await field('result-host').fill(v.resultHost);
    if (v.resultPort !== undefined) await field('result-port').fill(String(v.resultPort));
  }

  /** The validation messages shown under the form item holding this test id. */
  errorsOf(testId: string): Locator {
    return this.form()
      .locator('.ant-form-item', { has: this.page.getByTestId(testId) })
      .last()
      .locator('.ant-form-item-explain-error');
  }

  /** Clicks save; `closes` waits for the dialog to close (saved), else for a validation message. */
  async save(closes = true): Promise<void> {
    await this.page.getByTestId('his-form-save').click();
    if (closes) await this.form().waitFor({ state: 'hidden' });
    else await this.form().locator('.ant-form-item-explain-error').first().waitFor();
  }

  /** Flips the row's on/off switch and waits until the list shows the new state. */
  async toggle(name: string): Promise<boolean> {
    const sw = this.row(name).getByTestId('his-status');
    const was = (await sw.getAttribute('aria-checked')) === 'true';
    await sw.click();
    await this.page.waitForFunction(
      ({ name, want }) =>
        document
          .querySelector(`[data-testid=his-row][data-name="${name}"] [data-testid=his-status]`)
          ?.getAttribute('aria-checked') === want,
      { name, want: String(!was) },
    );
    return !was;
  }

  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('his-delete').click();
    await this.page.getByTestId('his-delete-ok').click();
    await this.row(name).waitFor({ state: 'detached' });
  }

  private async pick(testId: string, option: string): Promise<void> {
    await this.page.getByTestId(testId).click();
    await this.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  }
}
