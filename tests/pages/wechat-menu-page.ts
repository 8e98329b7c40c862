import type { Locator, Page } from 'playwright-core';

/** The public account's menu editor (#/wxmenu), by its test ids. */
export class WechatMenuPage {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly id = (testId: string) => this.page.getByTestId(testId);
  readonly root = () => this.id('wxmenu-page');
  readonly tops = () => this.id('wxmenu-top');
  readonly subs = () => this.id('wxmenu-sub');
  readonly nameHelp = () => this.id('wxmenu-name-help');
  readonly keyHelp = () => this.id('wxmenu-key-help');
  readonly publish = () => this.id('wxmenu-publish');
  readonly result = () => this.id('wxmenu-result');

  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/wxmenu`);
    await this.root().waitFor();
  }

  /** Picks the hospital (by name) in the selector and waits for its menu to load. */
  async chooseHospital(name: string): Promise<void> {
    await this.id('wxmenu-hospital').click();
    await this.page.locator('.ant-select-item-option', { hasText: name }).first().click();
    await this.page.locator('[data-testid=wxmenu-page][data-status=ready]').waitFor();
  }

  async setName(text: string): Promise<void> {
    await this.id('wxmenu-name').fill(text);
  }

  async setKey(text: string): Promise<void> {
    await this.id('wxmenu-key').fill(text);
  }

  /** Publishes and waits for the outcome ('ok' or 'failed'); answers its text. */
  async publishAndWait(): Promise<{ status: string | null; text: string }> {
    await this.publish().click();
    const r: Locator = this.result();
    await r.waitFor();
    return { status: await r.getAttribute('data-status'), text: (await r.textContent()) ?? '' };
  }
}
