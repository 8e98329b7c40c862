import type { Page } from 'playwright-core';
import { clickWhenOpen } from './dialogs';

/** The signed-in frame: header actions, user menu, menu, tabs. */
export class ShellPage {
  constructor(readonly page: Page) {}

  readonly shell = () => this.page.getByTestId('app-shell');
  readonly userName = () => this.page.getByTestId('shell-user-name');

  async waitReady(): Promise<void> {
    await this.shell().waitFor();
  }

  hash(): string {
    return new URL(this.page.url()).hash;
  }

  async token(): Promise<string | null> {
    return this.page.evaluate(() => {
      const raw = sessionStorage.getItem('rxpacs.session');
      return raw ? ((JSON.parse(raw) as { state?: { token?: string } }).state?.token ?? null) : null;
    });
  }

  async openUserMenu(): Promise<void> {
    await this.page.getByTestId('shell-user-menu').click();
  }

  async signOut(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('menu-logout').click();
    await clickWhenOpen(this.page.getByTestId('logout-confirm'));
    await this.page.waitForURL((u) => u.hash.startsWith('#/user/login'));
  }

  async switchLanguage(locale: 'zh-CN' | 'en-US'): Promise<void> {
    // On a machine loaded far beyond CI, the list was once seen closing again as it opened (its item then
    // takes no clicks): open it again rather than wait the whole timeout on a closed list.
    for (let attempt = 1; ; attempt++) {
      await this.page.getByTestId('lang-switch').first().click();
      try {
        await this.page.getByTestId(`lang-${locale}`).click({ timeout: 5_000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    await this.page.waitForFunction((l) => document.documentElement.lang === l, locale);
  }

  async lock(): Promise<void> {
    await this.page.getByTestId('shell-lock').click();
    await this.page.waitForURL((u) => u.hash.startsWith('#/lock'));
  }

  menuItem(key: string) {
    return this.page.getByTestId(`menu-${key}`);
  }
}
