import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

const e2e = useE2e();

/** A 1 x 1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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

  it('edits the profile (phone by the spec pattern) and uploads an avatar that the header shows too', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor2');
    const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
    await settings.open('base');
    await page.getByRole('radio', { name: '女' }).check();
    await settings.profileField('phone').fill('12345678901');
    await settings.profileField('birthday').click();
    await settings.profileField('birthday').fill('1985-03-04');
    // Enter takes the date and submits the form, which the phone stops.
    await settings.profileField('birthday').press('Enter');
    await page.getByText('手机号须为 11 位数字，以 1 开头，第二位为 3、4、5、7 或 8').waitFor();
    await settings.profileField('phone').fill('15912345678');
    await settings.profileSave().click();
    await page.getByText('个人资料已保存').waitFor();
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    expect(await settings.profileField('phone').inputValue()).toBe('15912345678');
    expect(await settings.profileField('birthday').inputValue()).toBe('1985-03-04');

    await settings.avatarInput().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByText('头像已更新').waitFor();
    expect(await settings.avatarImage().getAttribute('src')).toMatch(/^\/user\/avatar\/[0-9a-f-]{36}\?v=\d+$/);
    // The header's avatar loads the same address (no session token needed for an <img>).
    const headerImg = page.locator('[data-testid=shell-user-menu] img');
    await headerImg.waitFor();
    expect(await headerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await close();
  });
});
