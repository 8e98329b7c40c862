import type { Page } from 'playwright-core';

/** The WeChat screens: login icon, the platform's QR page (the fake), /wechat landing, security item, /WeChatManage. */
export class WechatPages {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly loginIcon = () => this.page.getByTestId('login-qr');
  readonly qrConnect = () => this.page.getByTestId('wx-qrconnect');
  readonly landing = () => this.page.getByTestId('wechat-landing');
  readonly landingError = () => this.page.getByTestId('wechat-error');
  readonly item = () => this.page.getByTestId('security-wechat');
  readonly bindButton = () => this.page.getByTestId('wechat-bind');
  readonly unbindButton = () => this.page.getByTestId('wechat-unbind');
  readonly unbindOk = () => this.page.getByTestId('wechat-unbind-ok');
  readonly manage = () => this.page.getByTestId('wechat-manage');

  /** Waits for the platform's QR page and answers the state it shows. */
  async waitQr(): Promise<string> {
    await this.qrConnect().waitFor();
    return (await this.qrConnect().getAttribute('data-state')) ?? '';
  }

  async waitLanding(status: 'done' | 'failed'): Promise<void> {
    await this.page.locator(`[data-testid=wechat-landing][data-status=${status}]`).waitFor();
  }

  async waitBound(bound: boolean): Promise<void> {
    await this.page.locator(`[data-testid=security-wechat][data-bound=${bound}]`).waitFor();
  }

  async openManage(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/WeChatManage`);
    await this.manage().waitFor();
  }
}
