import type { Page } from 'playwright-core';
import { clickWhenOpen } from './dialogs';

/** The certificate (USB key) dialogs: sign-in on the login page, bind in the security settings. */
export class CertDialog {
  constructor(
    readonly page: Page,
    readonly prefix: 'cert-login' | 'cert-bind' = 'cert-login',
  ) {}

  readonly dialog = () => this.page.getByRole('dialog').filter({ has: this.page.getByTestId(`${this.prefix}-dialog`) });
  readonly pin = () => this.page.getByTestId(`${this.prefix}-pin`);
  readonly submitButton = () => this.page.getByTestId(`${this.prefix}-submit`);
  readonly error = () => this.page.getByTestId(`${this.prefix}-error`);

  async waitOpen(timeout?: number): Promise<void> {
    await this.pin().waitFor({ state: 'visible', timeout });
  }

  async waitClosed(timeout?: number): Promise<void> {
    await this.page.getByTestId(`${this.prefix}-dialog`).waitFor({ state: 'detached', timeout });
  }

  /** Types the PIN and presses Enter (the form submits on Enter). */
  async enterPin(pin: string): Promise<void> {
    await this.pin().fill(pin);
    await this.pin().press('Enter');
  }

  /** The dialog's close (×) button: the user dismisses it. */
  async cancel(): Promise<void> {
    await clickWhenOpen(this.dialog().locator('.ant-modal-close'));
  }

  async errorText(): Promise<string> {
    await this.error().waitFor();
    return (await this.error().textContent()) ?? '';
  }
}
