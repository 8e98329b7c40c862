import type { Page } from 'playwright-core';

type SettingsTab = 'base' | 'security' | 'custom' | 'hotkeys';

/** Personal settings (#/account/settings?tab=base|security|custom|hotkeys). */
export class AccountSettingsPage {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly tab = (key: SettingsTab) => this.page.getByTestId(`settings-tab-${key}`);
  readonly certItem = () => this.page.getByTestId('security-cert');
  readonly bindButton = () => this.page.getByTestId('cert-bind');
  readonly unbindButton = () => this.page.getByTestId('cert-unbind');
  readonly unbindOk = () => this.page.getByTestId('cert-unbind-ok');

  readonly passwordChange = () => this.page.getByTestId('password-change');
  readonly passwordError = () => this.page.getByTestId('password-error');
  readonly customSwitch = (key: string) => this.page.getByTestId(`custom-${key}`);
  readonly customSave = () => this.page.getByTestId('custom-save');
  readonly hotkeyKey = (action: string) => this.page.getByTestId(`hotkey-key-${action}`);
  readonly hotkeyRecord = (action: string) => this.page.getByTestId(`hotkey-record-${action}`);
  readonly hotkeyReset = (action: string) => this.page.getByTestId(`hotkey-reset-${action}`);

  /** Records a new key for a desk action: Record, then the combination (Playwright's notation, "Control+Shift+S"). */
  async recordHotkey(action: string, keys: string): Promise<void> {
    await this.hotkeyRecord(action).click();
    await this.hotkeyKey(action).filter({ hasText: /…/ }).waitFor();
    await this.page.keyboard.press(keys);
  }
  readonly profileField = (name: 'ch_name' | 'en_name' | 'birthday' | 'phone' | 'email') =>
    this.page.getByTestId(`profile-${name}`);
  readonly profileSave = () => this.page.getByTestId('profile-save');
  readonly avatarImage = () => this.page.locator('[data-testid=avatar-image] img');
  readonly avatarInput = () => this.page.locator('[data-testid=avatar] input[type=file]');

  /** Fills the password dialog (opened with passwordChange()) and submits. */
  async changePassword(oldPassword: string, newPassword: string, repeat = newPassword): Promise<void> {
    await this.page.getByTestId('password-old').fill(oldPassword);
    await this.page.getByTestId('password-new').fill(newPassword);
    await this.page.getByTestId('password-repeat').fill(repeat);
    await this.page.getByTestId('password-submit').click();
  }

  async open(tab: SettingsTab = 'base'): Promise<void> {
    await this.page.goto(`${this.appUrl}#/account/settings?tab=${tab}`);
    await this.page.getByTestId(`settings-${tab}`).waitFor();
  }

  /** Waits until the certificate item says bound (true) or not (false). */
  async waitBound(bound: boolean): Promise<void> {
    await this.page.locator(`[data-testid=security-cert][data-bound=${bound}]`).waitFor();
  }
}
