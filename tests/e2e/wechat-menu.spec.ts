import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatAccount } from '../../server/src/platform/db/schema';
import { secretBox } from '../../server/src/platform/core/secret-box';
import { useE2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { mpRoutes, newMpFakeState, pushMpEvent } from '../fixtures/wechat-mp-fake';
import { startWechatPlatform, type FakeWechat } from '../fixtures/wechat-platform';
import { WechatMenuPage } from '../pages/wechat-menu-page';
import { shot } from '../fixtures/shots';

const TOKEN = 'pushToken123';
const fake = newMpFakeState();
let wx: FakeWechat;
const savedBase = process.env.WECHAT_API_BASE;
// Before useE2e's hook: the platform reads WECHAT_API_BASE from the environment when it starts.
beforeAll(async () => {
  wx = await startWechatPlatform({ apps: { wxmp1: 'secret-1' }, routes: [mpRoutes(fake)] });
  process.env.WECHAT_API_BASE = wx.origin;
});
afterAll(async () => {
  if (savedBase === undefined) delete process.env.WECHAT_API_BASE;
  else process.env.WECHAT_API_BASE = savedBase;
  await wx.close();
});

const e2e = useE2e(async ({ platform }) => {
  // Hospital H001's public account, as /WeChatManage would save it.
  const box = secretBox(platform.deps.env);
  await platform.deps.db.insert(wechatAccount).values({
    kind: 'mp',
    hospital_code: 'H001',
    app_id: 'wxmp1',
    app_secret_enc: box.seal('secret-1'),
    token: box.seal(TOKEN),
  });
});

describe('public-account menu editor (/wxmenu)', () => {
  it('refuses a 9-unit top name and a 129-byte key, publishes, and shows the platform failure', async () => {
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    try {
      const menu = new WechatMenuPage(admin.page, e2e.platform.appUrl);
      await menu.open();
      await menu.chooseHospital('第一人民医院');
      await menu.id('wxmenu-add-top').click();
      await expect.poll(() => menu.id('wxmenu-level').textContent()).toContain('1');

      await menu.setName('五个汉字a');
      await expect.poll(() => menu.nameHelp().textContent()).toContain('名称超过 8 个单位');
      expect(await menu.publish().isDisabled()).toBe(true);
      await menu.setName('五个汉字');
      await expect.poll(() => menu.nameHelp().textContent()).toContain('8/8');

      await menu.setKey('k'.repeat(129));
      await expect.poll(() => menu.keyHelp().textContent()).toContain('菜单 KEY超过 128 字节');
      expect(await menu.publish().isDisabled()).toBe(true);
      await menu.setKey('k'.repeat(128));
      await expect.poll(() => menu.publish().isDisabled()).toBe(false);

      // A second button with a sub button (selected level 2).
      await menu.id('wxmenu-add-top').click();
      await menu.setName('报告');
      await menu.setKey('R');
      await menu.id('wxmenu-add-sub').click();
      await expect.poll(() => menu.id('wxmenu-level').textContent()).toContain('2');
      await menu.setName('我的报告');
      await menu.setKey('MY_REPORTS');
      await expect.poll(() => menu.publish().isDisabled()).toBe(false);
      await shot(admin.page, 'wxmenu-zh-CN');

      const ok = await menu.publishAndWait();
      expect(ok).toEqual({ status: 'ok', text: '发布菜单成功' });
      expect(fake.menu).toEqual({
        button: [
          { type: 'click', name: '五个汉字', key: 'k'.repeat(128) },
          { name: '报告', sub_button: [{ type: 'click', name: '我的报告', key: 'MY_REPORTS' }] },
        ],
      });

      fake.failMenu = { errcode: 65303, errmsg: 'there is no selfmenu' };
      const failed = await menu.publishAndWait();
      expect(failed.status).toBe('failed');
      expect(failed.text).toContain('发布菜单失败');
      expect(failed.text).toContain('there is no selfmenu');
      fake.failMenu = null;

      await admin.shell.switchLanguage('en-US');
      await menu.open();
      await menu.chooseHospital('第一人民医院');
      await expect.poll(() => menu.tops().count()).toBe(2);
      await menu.tops().nth(1).click();
      await expect.poll(() => menu.publish().textContent()).toBe('Publish menu');
      await shot(admin.page, 'wxmenu-en-US');
    } finally {
      await admin.close();
    }
  });
});

describe('public-account binding (security tab)', () => {
  it('polls while unbound and flips to bound when the platform pushes the scan; unbinds', async () => {
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    try {
      const page = doctor.page;
      await page.goto(`${e2e.platform.appUrl}#/account/settings?tab=security`);
      const item = page.locator('[data-testid=security-wx-public]');
      await page.locator('[data-testid=security-wx-public][data-status=unbound]').waitFor();
      await page.getByTestId('wx-public-qr').waitFor();
      await shot(page, 'wechat-public-unbound-zh-CN');
      const scene = fake.qrcodes.at(-1)!.scene;

      const pushed = await pushMpEvent(`${e2e.platform.origin}/wxapi/event/H001`, {
        token: TOKEN,
        openId: 'o-doctor',
        event: 'subscribe',
        scene,
      });
      expect(pushed).toEqual({ status: 200, text: 'success' });
      // No reload: the tab asks every 5 s and flips by itself.
      await page.locator('[data-testid=security-wx-public][data-status=bound]').waitFor({ timeout: 12_000 });
      expect(await item.getByTestId('wx-public-tag').textContent()).toBe('已绑定');

      await page.getByTestId('wx-public-unbind').click();
      await page.getByTestId('wx-public-unbind-ok').click();
      await page.locator('[data-testid=security-wx-public][data-status=unbound]').waitFor();
    } finally {
      await doctor.close();
    }
  });
});
