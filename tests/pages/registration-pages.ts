import type { Page } from 'playwright-core';

export interface Registration {
  username: string;
  email: string;
  password: string;
  mobile: string;
  prefix?: '+86' | '+87';
}

/** The registration pages (#/user/register, #/user/register-result, #/user/activate), by their test ids. */
export class RegistrationPages {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly id = (testId: string) => this.page.getByTestId(testId);
  readonly sendCode = () => this.id('register-send-code');
  readonly strength = () => this.id('register-strength');
  readonly activation = () => this.id('activate-status');

  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/user/register`);
    await this.id('register-form').waitFor();
  }

  /** The texts of the form's shown errors, in order. */
  errors(): Promise<string[]> {
    return this.page.locator('[data-testid=register-form] .ant-form-item-explain-error').allTextContents();
  }

  async choosePrefix(prefix: '+86' | '+87'): Promise<void> {
    await this.id('register-prefix').click();
    await this.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${prefix}"]`).click();
  }

  async fill(r: Registration): Promise<void> {
    await this.id('register-username').fill(r.username);
    await this.id('register-email').fill(r.email);
    await this.id('register-password').fill(r.password);
    await this.id('register-confirm').fill(r.password);
    if (r.prefix && r.prefix !== '+86') await this.choosePrefix(r.prefix);
    await this.id('register-mobile').fill(r.mobile);
  }

  /** Asks for the SMS code and waits for the server's answer; returns its HTTP status. */
  async askCode(): Promise<number> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/user/sendRegisterCaptcha'));
    await this.sendCode().click();
    return (await answered).status();
  }

  /** The send button's countdown (0 when it may be pressed again). */
  async countdown(): Promise<number> {
    return Number(await this.sendCode().getAttribute('data-countdown'));
  }

  /** Submits the form and waits for the server's answer; returns its HTTP status. */
  async submit(captcha: string): Promise<number> {
    await this.id('register-captcha').fill(captcha);
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/user/register'));
    await this.id('register-submit').click();
    return (await answered).status();
  }

  async strengthPercent(): Promise<number> {
    return Number(await this.strength().getAttribute('data-percent'));
  }

  /** Waits until the activation page has its answer, and returns it (awaiting_assignment, used, expired...). */
  async activationOutcome(): Promise<string> {
    await this.page.locator('[data-testid=activate-status]:not([data-status=pending])').waitFor();
    return (await this.activation().getAttribute('data-status')) ?? '';
  }
}
