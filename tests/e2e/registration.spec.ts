import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { AdminPages } from '../pages/admin-pages';
import { ListScreen } from '../pages/list-page';
import { LoginPage } from '../pages/login-page';
import { RegistrationPages } from '../pages/registration-pages';
import { ShellPage } from '../pages/shell-page';
import { startSmsGateway, startSmtpReceiver } from '../support/registration-peers';
import { shot } from '../fixtures/shots';

let platform: Platform;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let sms: Awaited<ReturnType<typeof startSmsGateway>>;

// A real SMTP server and SMS gateway in this process, handed to the platform as an operator would.
beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpReceiver(), startSmsGateway()]);
  [platform, browser] = await Promise.all([
    startPlatform({ SMTP_URL: smtp.url, SMS_URL: sms.url, MAIL_FROM: 'rxpacs@hospital.example' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
  await smtp?.close();
  await sms?.close();
});

/** The whole activation link of a mail (…/rxpacs/#/user/activate?token=…). */
const linkOf = (text: string) => {
  const link = /https?:\/\/\S+#\/user\/activate\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no activation link in: ${text}`);
  return link;
};

describe('staff self-registration', () => {
  it('registers with the SMS code, activates from the mail, waits for the administrator, then signs in', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const login = new LoginPage(page, platform.appUrl);
    await login.open();
    await page.getByTestId('login-register').click();
    const reg = new RegistrationPages(page, platform.appUrl);
    await reg.id('register-form').waitFor();

    const me = { username: 'newdoc', email: 'newdoc@qq.com', password: 'Newdoc@2026', mobile: '13912345678' };
    await reg.fill(me);
    await expect.poll(() => reg.strengthPercent()).toBe(100);
    expect(await reg.askCode()).toBe(200);
    await expect.poll(() => reg.countdown()).toBeGreaterThan(50);
    expect(await reg.sendCode().textContent()).toMatch(/\d+ 秒后重新获取/);
    await reg.id('register-captcha').fill(sms.codeFor('+8613912345678'));
    await shot(page, 'register-zh-CN');

    const mailed = smtp.next();
    expect(await reg.submit(sms.codeFor('+8613912345678'))).toBe(200);
    await page.waitForURL((u) => u.hash.startsWith('#/user/register-result'));
    const result = await reg.id('register-result-text').textContent();
    expect(result).toContain('newdoc@qq.com');
    expect(result).toContain('24 小时');
    expect(await reg.id('register-result-mailbox').getAttribute('href')).toBe('https://mail.qq.com/');
    await reg.id('register-result-login').waitFor();
    await shot(page, 'register-result-zh-CN');

    // The link from the received mail, followed in the browser: activated, awaiting the administrator.
    const mail = await mailed;
    expect(mail.to).toEqual(['newdoc@qq.com']);
    const link = linkOf(mail.text);
    expect(link.startsWith(platform.appUrl)).toBe(true);
    await page.goto(link);
    expect(await reg.activationOutcome()).toBe('awaiting_assignment');
    expect(page.url()).not.toContain('token='); // the address loses the token at once
    expect(await reg.id('activate-title').textContent()).toContain('等待管理员');
    await shot(page, 'activate-zh-CN');

    // The link works once (opened again, as from the mail, in a new tab).
    const again = new RegistrationPages(await context.newPage(), platform.appUrl);
    await again.page.goto(link);
    expect(await again.activationOutcome()).toBe('used');
    await again.page.close();

    // Sign-in is refused with the server's REGISTRATION_PENDING message, shown as a notice.
    await login.open();
    await login.fill(me.username, me.password);
    await login.submit();
    expect(await login.errorText()).toContain('等待管理员分配医院和角色');
    expect(await login.error().getAttribute('data-error')).toBe('REGISTRATION_PENDING');

    // The super administrator approves it in the users screen's edit dialog: a hospital and a role.
    const admin = await signedIn(browser, platform, 'admin', { width: 1440, height: 900 });
    const screens = new AdminPages(admin.page, platform.appUrl);
    await screens.open('user');
    const users = new ListScreen(admin.page, 'user');
    await users.id('keyword').fill('newdoc');
    await users.id('search').click();
    await users.waitForResults({ query: 'newdoc' });
    await admin.page.getByTestId('user-registration-badge').waitFor();
    await screens.approveRegistration('newdoc', { role: '报告医生', hospital: '第一人民医院' });
    await admin.close();

    // The first sign-in succeeds.
    await login.open();
    await login.signIn(me.username, me.password);
    await new ShellPage(page).waitReady();
    await context.close();
  });

  it('in English: the strength bar, live rules, "send code" only for a valid number, the countdown, refusals on their fields', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900, locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('rxpacs.locale', 'en-US'));
    const reg = new RegistrationPages(page, platform.appUrl);
    await reg.open();

    // Strength: 10 % with nothing, 30 % per class, 100 % with all three; one class is refused.
    expect(await reg.strengthPercent()).toBe(10);
    await reg.id('register-password').fill('abcdefgh');
    await expect.poll(() => reg.strengthPercent()).toBe(30);
    await expect
      .poll(() => reg.errors())
      .toContain('Too weak: use at least two of digits, letters and other characters');
    await reg.id('register-password').fill('abcd1234');
    await expect.poll(() => reg.strengthPercent()).toBe(60);
    await reg.id('register-password').fill('Abcd#1234');
    await expect.poll(() => reg.strengthPercent()).toBe(100);
    expect(await reg.id('register-strength-text').textContent()).toBe('Strong');
    await reg.id('register-confirm').fill('Abcd#12345');
    await expect.poll(() => reg.errors()).toContain('The two passwords do not match');
    await reg.id('register-confirm').fill('Abcd#1234');

    // "Send code" waits for a valid number.
    await reg.id('register-mobile').fill('12345678901');
    expect(await reg.sendCode().isDisabled()).toBe(true);
    await expect.poll(() => reg.errors()).toContain('A mobile number is 11 digits: 1, then 3 to 9');
    await reg.id('register-mobile').fill('13712345678');
    await reg.choosePrefix('+87');
    expect(await reg.sendCode().isEnabled()).toBe(true);

    // A taken username, named beside its field in the user's language.
    await reg.id('register-username').fill('doctor');
    await reg.id('register-email').fill('nurse01@hospital.example');
    expect(await reg.submit('1234')).toBe(400);
    await expect.poll(() => reg.errors()).toEqual(['This username is already taken']);
    await reg.id('register-username').fill('nurse01');

    // The code, its 60 s countdown, and a wrong code refused on the code field.
    expect(await reg.askCode()).toBe(200);
    await expect.poll(() => reg.countdown()).toBeGreaterThan(50);
    expect(await reg.sendCode().isDisabled()).toBe(true);
    expect(await reg.sendCode().textContent()).toMatch(/^Resend in \d+ s$/);
    const code = sms.codeFor('+8713712345678');
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    expect(await reg.submit(wrong)).toBe(400);
    await expect.poll(() => reg.errors()).toEqual(['Wrong code']);
    await shot(page, 'register-en-US');

    // A new page asking again too early: the server's 429 and its seconds left become the countdown.
    await page.reload();
    await reg.id('register-form').waitFor();
    await reg.choosePrefix('+87');
    await reg.id('register-mobile').fill('13712345678');
    expect(await reg.askCode()).toBe(429);
    await expect.poll(() => reg.countdown()).toBeGreaterThan(0);
    expect(await reg.countdown()).toBeLessThanOrEqual(60);
    expect(await reg.sendCode().isDisabled()).toBe(true);
    expect(await reg.sendCode().textContent()).toMatch(/^Resend in \d+ s$/);

    // The result page by itself (no address in its state) and an activation link that is not valid.
    await page.goto(`${platform.appUrl}#/user/register-result`);
    expect(await reg.id('register-result-text').textContent()).toContain('within 24 hours');
    expect(await reg.id('register-result-mailbox').count()).toBe(0); // no address: no mailbox to offer
    await shot(page, 'register-result-en-US');
    await page.goto(`${platform.appUrl}#/user/activate?token=${'x'.repeat(43)}`);
    expect(await reg.activationOutcome()).toBe('unknown');
    await shot(page, 'activate-resend-en-US');
    await reg.id('activate-resend-email').fill('nobody@hospital.example');
    await reg.id('activate-resend-submit').click();
    expect(await reg.id('activate-resent').textContent()).toContain(
      'If this address has an account awaiting activation',
    );
    await context.close();
  });
});
