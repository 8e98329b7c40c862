import type { Page } from 'playwright-core';

/** The lock screen (#/lock). */
export class LockPage {
  constructor(readonly page: Page) {}

  readonly screen = () => this.page.getByTestId('lock-screen');
  readonly name = () => this.page.getByTestId('lock-name');
  readonly error = () => this.page.getByTestId('lock-error');

  async unlock(password: string): Promise<void> {
    await this.page.getByTestId('lock-password').fill(password);
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/user/checkPassword'));
    await this.page.getByTestId('lock-submit').click();
    await answered;
  }
}
