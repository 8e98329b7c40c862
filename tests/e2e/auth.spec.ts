import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '../../server/src/platform/db/schema';
import { sha256Hex } from '../../server/src/platform/core/crypto';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { shot } from '../fixtures/shots';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

/** A fresh browser profile signed in as the doctor through the login page, on the signed-in frame. */
async function doctorThroughLogin(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const { context, page } = await newPage(e2e.browser, { locale });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.locale, locale]);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  await login.signIn('doctor', 'Doctor@123');
  const shell = new ShellPage(page);
  await shell.waitReady();
  return { context, page, login, shell };
}

/** Runs `body` with a setting changed, and puts the setting back whatever happens. */
async function withConfig(name: string, value: string, restore: string, body: () => Promise<void>) {
  await e2e.platform.setConfig(name, value);
  try {
    await body();
  } finally {
    await e2e.platform.setConfig(name, restore);
  }
}

describe('sign-in', () => {
  it('a wrong password shows the error and stays on the login page', async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.fill('register', 'Wrong@1234');
    await login.submit();
    expect(await login.errorText()).toContain('用户名或密码错误');
    expect(new URL(page.url()).hash).toMatch(/^#\/user\/login/);
    expect(await login.captchaImage().count()).toBe(0);
    await context.close();
  });

  it('forces the captcha after 2 failures; the right captcha and password sign in', async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    for (let i = 0; i < 2; i++) {
      await login.fill('auditor', 'Wrong@1234');
      await login.submit();
      await login.error().waitFor();
    }
    await login.captchaLoaded();
    const key = await login.captchaKey();
    const answer = await e2e.platform.captchaAnswer(key);

    // A wrong captcha is refused and a new image replaces the used one.
    await login.fill('auditor', 'Audit@123');
    await login.captchaInput().fill(answer === 'xxxx' ? 'yyyy' : 'xxxx');
    await login.submit();
    expect(await login.errorText()).toContain('验证码错误');
    await page.waitForFunction(
      (old) => !document.querySelector('[data-testid=login-captcha-img]')?.getAttribute('src')?.includes(old),
      key,
    );
    await login.captchaLoaded();
    const fresh = await login.captchaKey();
    await login.captchaInput().fill(await e2e.platform.captchaAnswer(fresh));
    await login.password().fill('Audit@123');
    await login.submit();
    await page.waitForURL((u) => u.hash === '#/orderList');
    await new ShellPage(page).waitReady();
    await context.close();
  });

  it('refuses a user without menus with the server message', async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.fill('nomenu', 'Nomenu@123');
    await login.submit();
    expect(await login.errorText()).toContain('当前用户未分配权限，暂不能登录');
    expect(new URL(page.url()).hash).toMatch(/^#\/user\/login/);
    await context.close();
  });

  it('a deep link without a session goes through the login page and back', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto(`${e2e.platform.appUrl}#/account/collection`);
    await page.waitForURL((u) => u.hash.startsWith('#/user/login?redirect='));
    const redirect = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('redirect');
    expect(redirect).toBe('/account/collection');
    await new LoginPage(page, e2e.platform.appUrl).signIn('doctor', 'Doctor@123');
    await page.waitForURL((u) => u.hash === '#/account/collection');
    await page.getByTestId('collection-page').waitFor();
    await context.close();
  });

  it("the idle sign-in page fetches the worklist's code: signing in then waits for no script", async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    // Once idle: the certificate slot, then the first signed-in page's code (app/signed-in-code.ts).
    const worklistCode = page.waitForResponse((r) => /\/order-list-[\w-]+\.js$/.test(r.url()));
    await login.open();
    await worklistCode;
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await login.signIn('doctor', 'Doctor@123');
    await new WorklistPage(page).waitForResults({ min: 1 });
    expect(scripts).toEqual([]);
    await context.close();
  });

  it('a signed-in user opening the login page goes to the order list', async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.signIn('doctor', 'Doctor@123');
    // The address is polled: the redirect is a same-document navigation that can land before a waitForURL
    // listens, which then waits for a navigation that never comes (seen once in a clean-clone run).
    const hash = () => new URL(page.url()).hash;
    await page.goto(`${e2e.platform.appUrl}#/user/login`);
    await expect.poll(hash, { timeout: 15_000 }).toBe('#/orderList');
    await page.goto(`${e2e.platform.appUrl}#/no/such/page`);
    await expect.poll(hash, { timeout: 15_000 }).toBe('#/orderList');
    await context.close();
  });

  it('sign out returns to the login page and the old token is refused', async () => {
    const { context, login, shell } = await doctorThroughLogin();
    const token = await shell.token();
    expect(token).toBeTruthy();
    await shell.signOut();
    await login.username().waitFor();
    expect(await shell.token()).toBeNull();
    const res = await fetch(`${e2e.platform.origin}/user/info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    await context.close();
  });

  it("the sign-in page's toasts show, in the pages' font, before and after a session", async () => {
    const { context, page } = await newPage(e2e.browser);
    const login = new LoginPage(page, e2e.platform.appUrl);
    const toastOnQr = async () => {
      await login.qrButton().click();
      await login.toast().first().waitFor();
      const toast = login.toast().first();
      const shown = {
        text: await toast.textContent(),
        font: await toast.evaluate((el) => getComputedStyle(el).fontFamily),
      };
      await toast.waitFor({ state: 'detached' });
      return shown;
    };
    await login.open();
    const cold = await toastOnQr();
    expect(cold.text).toContain('微信');
    expect(cold.font).toContain('Noto Sans CJK SC');
    await login.signIn('doctor', 'Doctor@123');
    const shell = new ShellPage(page);
    await shell.waitReady();
    await shell.signOut();
    await login.username().waitFor();
    expect(await toastOnQr()).toEqual(cold);
    await context.close();
  });

  it.each([
    ['zh-CN', '密码即将过期', '密码将在 5 天后过期'],
    ['en-US', 'Password expiry', 'Your password expires in 5 days'],
  ] as const)(
    'a password about to expire is told at sign-in, and the notice stays on the page the user lands on (%s)',
    (lang, title, text) =>
      withConfig('password_expire_days', '5', '90', async () => {
        const { context, page } = await doctorThroughLogin(lang);
        const notice = page.locator('.ant-notification-notice-warning');
        await notice.waitFor();
        expect(await notice.locator('.ant-notification-notice-title').textContent()).toBe(title);
        expect(await notice.textContent()).toContain(text);
        await shot(page, `password-expiry-notice-${lang}`);
        await context.close();
      }),
  );

  it('a session ended elsewhere: the toast that says so stays up on the login page the user is sent to', async () => {
    const { context, page, login, shell } = await doctorThroughLogin();
    const worklist = new WorklistPage(page);
    await worklist.waitForResults({ min: 0 });
    const token = await shell.token();
    // Revoked in the database only: no realtime message, the next request finds out.
    await e2e.platform.deps.db
      .update(session)
      .set({ revoked_at: new Date() })
      .where(eq(session.token_hash, sha256Hex(token!)));
    await page.getByTestId('wl-search').click();
    await login.username().waitFor();
    await login.toast().first().waitFor();
    expect(await login.toast().first().textContent()).toContain('登录已失效');
    await context.close();
  });

  it('with use_aes on, the credentials travel encrypted and still sign in', () =>
    withConfig('use_aes', 'Y', 'N', async () => {
      const { context, page } = await newPage(e2e.browser);
      const login = new LoginPage(page, e2e.platform.appUrl);
      await login.open();
      const sent = page.waitForRequest((r) => r.url().endsWith('/user/login'));
      await login.fill('register', 'Register@123');
      await login.submitButton().click();
      const form = new URLSearchParams((await sent).postData() ?? '');
      expect(form.get('use_aes')).toBe('Y');
      expect(form.get('username')).not.toBe('register');
      expect(form.get('password')).not.toContain('Register');
      await page.waitForURL((u) => u.hash === '#/orderList');
      await context.close();
    }));
});
