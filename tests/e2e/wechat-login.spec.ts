import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../server/src/platform/core/auth-user';
import { sysUser } from '../../server/src/platform/db/schema';
import { saveAccount } from '../../server/src/modules/wechat/account';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { startWechatPlatform, type FakeWechat } from '../fixtures/wechat-platform';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { WechatPages } from '../pages/wechat-pages';
import { shot } from '../fixtures/shots';

const WEB = { appid: 'wxe2eweb000001', secret: 'e2e-web-secret-000000000001' };
let platform: Platform;
let browser: Browser;
let fake: FakeWechat;

beforeAll(async () => {
  fake = await startWechatPlatform({ apps: { [WEB.appid]: WEB.secret } });
  [platform, browser] = await Promise.all([
    startPlatform({ WECHAT_API_BASE: fake.origin, WECHAT_OPEN_BASE: fake.origin }),
    launchBrowser(),
  ]);
  // The super administrator's settings, as /WeChatManage saves them; then the login page offers QR sign-in.
  const [admin] = await platform.deps.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
  await saveAccount(
    platform.deps,
    { me: { pk: admin!.pk, username: 'admin', isSuper: true } as AuthUser, ip: '', locale: 'zh-CN' },
    { kind: 'web', app_id: WEB.appid, app_secret: WEB.secret },
  );
  await platform.setConfig('weixin_login', 'Y');
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
  await fake?.close();
});

describe('WeChat QR sign-in', () => {
  it('binds from the security tab, signs in by scanning, refuses after unbinding', async () => {
    // Bind: the doctor, signed in with the password, binds WeChat from the security tab.
    const doc = await signedIn(browser, platform, 'doctor');
    const wx = new WechatPages(doc.page, platform.appUrl);
    const settings = new AccountSettingsPage(doc.page, platform.appUrl);
    await settings.open('security');
    await wx.waitBound(false);
    await wx.bindButton().click();
    const bindState = await wx.waitQr();
    expect(doc.page.url().startsWith(`${fake.origin}/connect/qrconnect?`)).toBe(true);
    fake.scan('oE2eDoctor', bindState);
    await wx.waitLanding('done');
    expect(doc.page.url()).toContain('#/wechat?type=bind');
    expect(doc.page.url()).not.toMatch(/token|code=/);
    await doc.page.getByTestId('wechat-back').click();
    await wx.waitBound(true);
    await doc.close();

    // Sign in: a new browser profile, the login page's icon, the scan, the worklist.
    for (const locale of ['zh-CN', 'en-US']) {
      const { context, page } = await newPage(browser, { locale });
      const login = new LoginPage(page, platform.appUrl);
      await login.open();
      const w = new WechatPages(page, platform.appUrl);
      await w.loginIcon().waitFor();
      await shot(page, `wechat-login-page-${locale}`);
      if (locale === 'en-US') {
        await context.close();
        continue;
      }
      await w.loginIcon().click();
      const state = await w.waitQr();
      fake.scan('oE2eDoctor', state);
      await new ShellPage(page).waitReady();
      expect(page.url()).toContain('#/orderList');
      await context.close();
    }

    // Unbind, then the same WeChat is refused with a clear message.
    const again = await signedIn(browser, platform, 'doctor');
    const w2 = new WechatPages(again.page, platform.appUrl);
    await new AccountSettingsPage(again.page, platform.appUrl).open('security');
    await w2.waitBound(true);
    await w2.unbindButton().click();
    await w2.unbindOk().click();
    await w2.waitBound(false);
    await again.close();

    const { context, page } = await newPage(browser);
    await new LoginPage(page, platform.appUrl).open();
    const w3 = new WechatPages(page, platform.appUrl);
    await w3.loginIcon().click();
    fake.scan('oE2eDoctor', await w3.waitQr());
    await w3.waitLanding('failed');
    expect(await w3.landingError().getAttribute('data-error')).toBe('WECHAT_NOT_BOUND');
    expect(await w3.landingError().textContent()).toMatch(/未绑定/);
    await context.close();
  });

  it('/WeChatManage keeps secrets write-only (screens zh-CN / en-US)', async () => {
    const admin = await signedIn(browser, platform, 'admin');
    const w = new WechatPages(admin.page, platform.appUrl);
    await w.openManage();
    await w.manage().getByRole('tab').nth(1).click();
    const state = admin.page.locator('[data-testid=wechat-account-web] [data-testid=wx-secret-state]');
    await expect.poll(() => state.textContent()).toMatch(/已设置 \*+0001/);
    expect(await admin.page.content()).not.toContain(WEB.secret);
    await w.manage().getByRole('tab').nth(0).click();
    await admin.page.locator('[data-testid=wechat-account-mp] [data-testid=wx-app-id]:not([disabled])').waitFor();
    await shot(admin.page, 'wechat-manage-zh-CN');
    await admin.page.evaluate(() => window.localStorage.setItem('rxpacs.locale', 'en-US'));
    await admin.page.reload();
    await w.manage().waitFor();
    await admin.page.locator('[data-testid=wechat-account-mp] [data-testid=wx-app-id]:not([disabled])').waitFor();
    await shot(admin.page, 'wechat-manage-en-US');
    await admin.close();
  });
});
