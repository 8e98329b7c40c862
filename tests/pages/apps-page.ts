import type { Page } from 'playwright-core';
import { ListScreen } from './list-page';

export interface AppInput {
  name: string;
  redirectUris: string[];
  remark?: string;
  serverUrl?: string;
  /** The hospital the app places FHIR orders for, by its name in the picker. */
  orderHospital?: string;
}

/** The third-party apps screen (#/app) and its dialogs, by their test ids. */
export class AppsPage {
  readonly list: ListScreen;
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {
    this.list = new ListScreen(page, 'app');
  }

  readonly id = (testId: string) => this.page.getByTestId(testId);
  /** The row of the app named `name`. */
  readonly row = (name: string) => this.page.locator(`[data-testid=app-row][data-name="${name}"]`);

  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/app`);
    await this.list.waitForResults({ min: 0 });
  }

  async fill(a: Partial<AppInput>): Promise<void> {
    if (a.name !== undefined) await this.id('app-form-name').fill(a.name);
    if (a.redirectUris) await this.id('app-form-redirect-uris').fill(a.redirectUris.join('\n'));
    if (a.remark !== undefined) await this.id('app-form-remark').fill(a.remark);
    if (a.serverUrl !== undefined) await this.id('app-form-server-url').fill(a.serverUrl);
    if (a.orderHospital) {
      await this.id('app-form-order-hospital').click();
      await this.page.locator(`.ant-select-item-option[title="${a.orderHospital}"]`).click();
    }
  }

  /** Opens the new-app form, fills it and saves; resolves once the once-only credentials dialog shows. */
  async create(a: AppInput): Promise<void> {
    await this.id('app-new').click();
    await this.fill(a);
    await this.id('app-form-save').click();
    await this.id('app-secret-dialog').waitFor();
  }

  /** The client_id and client_secret the dialog shows. */
  async shownCredentials(): Promise<{ client_id: string; client_secret: string }> {
    return {
      client_id: await this.id('app-client-id-value').inputValue(),
      client_secret: await this.id('app-client-secret-value').inputValue(),
    };
  }

  /**
   * Closes the credentials dialog. A language switch just before can still be loading the page's texts, and
   * the remount that follows may swallow a click landing at that moment (CI saw the dialog stay open), so
   * the click is repeated until the dialog is gone, as a user would click again.
   */
  async closeCredentials(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await this.id('app-secret-done').click();
      try {
        await this.id('app-secret-dialog').waitFor({ state: 'detached', timeout: 3000 });
        return;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
  }

  async edit(name: string, a: Partial<AppInput>): Promise<void> {
    await this.row(name).getByTestId('app-row-edit').click();
    await this.id('app-form').waitFor();
    await this.fill(a);
    await this.id('app-form-save').click();
    await this.id('app-form').waitFor({ state: 'hidden' });
  }

  async resetSecret(name: string): Promise<void> {
    await this.row(name).getByTestId('app-row-reset').click();
    await this.id('app-reset-ok').click();
    await this.id('app-secret-dialog').waitFor();
  }

  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('app-row-delete').click();
    await this.id('app-delete-ok').click();
    await this.row(name).waitFor({ state: 'detached' });
  }
}
