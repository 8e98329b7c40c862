import type { Page } from 'playwright-core';

/** The login screen (#/user/login). */
export class LoginPage {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly username = () => this.page.getByTestId('login-username');
  readonly password = () => this.page.getByTestId('login-password');
  readonly submitButton = () => this.page.getByTestId('login-submit');
  readonly error = () => this.page.getByTestId('login-error');
  readonly captchaImage = () => this.page.getByTestId('login-captcha-img');
  readonly captchaInput = () => this.page.getByTestId('login-captcha-input');
  readonly captchaRefresh = () => this.page.getByTestId('login-captcha-refresh');
  readonly captchaAudio = () => this.page.getByTestId('login-captcha-audio');
  readonly qrButton = () => this.page.getByTestId('login-qr');
  /** antd's toasts, on this page shown without an antd App around it. */
  readonly toast = () => this.page.locator('.ant-message-notice');

  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/user/login`);
    await this.username().waitFor();
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username().fill(username);
    await this.password().fill(password);
  }

  /** Submits and waits for the answer: an error shown, or the page left. */
  async submit(): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/user/login'));
    await this.submitButton().click();
    await answered;
  }

  /** Signs in and waits until the login page is left. */
  async signIn(username: string, password: string): Promise<void> {
    await this.fill(username, password);
    await this.submit();
    await this.page.waitForURL((u) => !u.hash.startsWith('#/user/login'));
  }

  async errorText(): Promise<string> {
    await this.error().waitFor();
    return (await this.error().textContent()) ?? '';
  }

  /** The key `t` of the captcha image on screen. */
  async captchaKey(): Promise<string> {
    await this.captchaImage().waitFor();
    const src = (await this.captchaImage().getAttribute('src')) ?? '';
    const key = new URL(src, this.appUrl).searchParams.get('t');
    if (!key) throw new Error(`captcha image without key: ${src}`);
    return key;
  }

  /** Waits until the captcha image has been fetched (the server issues the answer then). */
  async captchaLoaded(): Promise<void> {
    await this.page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=login-captcha-img]');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
  }
}
