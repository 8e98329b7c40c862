import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

const e2e = useE2e();

describe('/account/settings', () => {
  it('shows the profile, tabs on the left on a desktop and on top on a phone', async () => {
    const desktop = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const settings = new AccountSettingsPage(desktop.page, e2e.platform.appUrl);
    await settings.open('base');
    expect(await desktop.page.getByTestId('base-username').textContent()).toBe('doctor');
    expect(await desktop.page.getByTestId('account-settings').getAttribute('data-placement')).toBe('start');
    await settings.tab('security').click();
    await desktop.page.getByTestId('settings-security').waitFor();
    expect(new URL(desktop.page.url()).hash).toBe('#/account/settings?tab=security');
    // Only role 1 sees the hidden functions.
    expect(await desktop.page.getByTestId('security-hidden').count()).toBe(0);
    await desktop.close();

    const phone = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 390, height: 844 });
    const onPhone = new AccountSettingsPage(phone.page, e2e.platform.appUrl);
    await onPhone.open('security');
    expect(await phone.page.getByTestId('account-settings').getAttribute('data-placement')).toBe('top');
    await phone.page.getByTestId('security-hidden').waitFor();
    await phone.close();
  });

  it('saves the doctor preferences on the server', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'auditor');
    const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
    await settings.open('custom');
    expect(await settings.customSwitch('oneClickAudit').getAttribute('aria-checked')).toBe('false');
    await settings.customSwitch('oneClickAudit').click();
    await settings.customSwitch('autoShRptClose').click();
    await settings.customSave().click();
    await page.getByText('设置已保存').waitFor();
    await page.reload();
    await page.getByTestId('settings-custom').waitFor();
    expect(await settings.customSwitch('oneClickAudit').getAttribute('aria-checked')).toBe('true');
    expect(await settings.customSwitch('autoShRptClose').getAttribute('aria-checked')).toBe('true');
    expect(await settings.customSwitch('close').getAttribute('aria-checked')).toBe('false');
    await close();
  });

  it('changes the password: the rules and a wrong old one are refused, then the new one signs in', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'register');
    const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
    await settings.open('security');
    await settings.passwordChange().click();
    await settings.changePassword('Register@123', 'weakpass');
    await page.getByText('新密码须为 6 到 16 位，并包含小写字母、大写字母和数字').waitFor();
    await settings.changePassword('Wrong@1234', 'Newpass1');
    await settings.passwordError().waitFor();
    expect(await settings.passwordError().textContent()).toContain('密码错误');
    await settings.changePassword('Register@123', 'Newpass1');
    await page.getByText('密码修改成功').waitFor();
    await shell.signOut();

    const { context, page: fresh } = await newPage(e2e.browser);
    const login = new LoginPage(fresh, e2e.platform.appUrl);
    await login.open();
    // (The old password's refusal is an API test: another failure here would bring the captcha.)
    await login.signIn('register', 'Newpass1');
    await new ShellPage(fresh).waitReady();
    await context.close();
    await close();
  });
});
