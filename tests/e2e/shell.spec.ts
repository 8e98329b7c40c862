import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { LockPage } from '../pages/lock-page';
import { LoginPage } from '../pages/login-page';
import { TabsBar } from '../pages/tabs-bar';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

describe('app shell', () => {
  it('opening the bare address and signing in gives one tab, the order list', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto(e2e.platform.appUrl);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.username().waitFor();
    await login.signIn('doctor', 'Doctor@123');
    await page.waitForURL((u) => u.hash.startsWith('#/orderList'));
    await new TabsBar(page).waitForKeys(['/orderList']);
    await context.close();
  });

  it('keeps visited pages as tabs; close all / close right from the context menu', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const tabs = new TabsBar(page);
    await tabs.waitForKeys(['/orderList']);
    expect(await tabs.closeIcons()).toBe(0);

    await shell.menuItem('collection').click();
    await tabs.waitForKeys(['/orderList', '/account/collection']);
    expect(await tabs.closeIcons()).toBe(2);

    await tabs.contextAction('/account/collection', 'closeAll');
    await tabs.waitForKeys(['/account/collection']);
    expect(await tabs.closeIcons()).toBe(0);

    await shell.menuItem('orderList').click();
    await tabs.waitForKeys(['/account/collection', '/orderList']);
    await tabs.contextAction('/account/collection', 'closeRight');
    await tabs.waitForKeys(['/account/collection']);
    await page.waitForURL((u) => u.hash.startsWith('#/account/collection'));

    // The close mark, and the Delete key on a focused tab (the mark is not a control of the tab list).
    await shell.menuItem('orderList').click();
    await tabs.waitForKeys(['/account/collection', '/orderList']);
    await tabs.closeByMark('/orderList');
    await tabs.waitForKeys(['/account/collection']);
    await shell.menuItem('orderList').click();
    await tabs.waitForKeys(['/account/collection', '/orderList']);
    await tabs.closeByKey('/account/collection');
    await tabs.waitForKeys(['/orderList']);
    await page.waitForURL((u) => u.hash.startsWith('#/orderList'));
    await close();
  });

  it('the settings drawer switches to the top menu and the choice is kept for the user', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor');
    await page.waitForSelector('[data-testid=app-shell][data-layout=side]');
    await shell.openUserMenu();
    await page.getByTestId('menu-personalise').click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/user/userConfig') && r.ok());
    await page.getByTestId('settings-layout').getByText('顶部').click();
    await saved;
    await page.waitForSelector('[data-testid=app-shell][data-layout=top]');
    expect(await page.getByTestId('settings-fix-sider').isDisabled()).toBe(true);
    await close();

    // Applied again from the server at the next sign-in, in a new browser profile.
    const again = await signedIn(e2e.browser, e2e.platform, 'auditor');
    await again.page.waitForSelector('[data-testid=app-shell][data-layout=top]');
    await again.close();
  });

  it('the user menu offers the spec entries the user may open (work statistics now too): settings opens its page', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await shell.openUserMenu();
    const entry = (key: string) => page.locator(`.ant-dropdown [data-testid=menu-${key}]`);
    for (const key of ['collection', 'settings', 'userWork', 'tools', 'personalise', 'logout'])
      await entry(key).waitFor();
    // An entry whose permission the user lacks is not offered (upload is the super administrator's in the demo).
    expect(await entry('uploadZip').count()).toBe(0);
    await entry('settings').click();
    await page.waitForURL((u) => u.hash.startsWith('#/account/settings'));
    await close();
  });

  it('the settings drawer closes with one Escape after a colour is clicked', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      await shell.openUserMenu();
      await page.getByTestId('menu-personalise').click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/user/userConfig') && r.ok());
      await page.getByTestId('settings-color-green').click();
      await saved;
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached', timeout: 3000 });
      // Back to the default colour, for the next tests with this user.
      await shell.openUserMenu();
      await page.getByTestId('menu-personalise').click();
      const back = page.waitForResponse((r) => r.url().endsWith('/user/userConfig') && r.ok());
      await page.getByTestId('settings-color-dustBlue').click();
      await back;
    } finally {
      await close();
    }
  });

  it('the user menu opens from the keyboard with ArrowDown, and its items are reached with the arrows', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      const trigger = page.getByTestId('shell-user-menu');
      await trigger.focus();
      await page.keyboard.press('ArrowDown');
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-testid=menu-collection]').waitFor();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await page.waitForFunction(() => !!document.activeElement?.closest('.ant-dropdown'));
      // Arrow down to "settings" (each press waits for the menu to mark the next item), then Enter.
      const active = page.locator('.ant-dropdown-menu-item-active [data-testid=menu-settings]');
      for (let i = 0; i < 6 && !(await active.count()); i++) {
        await page.keyboard.press('ArrowDown');
        await page.waitForTimeout(100);
      }
      await active.waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.hash.startsWith('#/account/settings'));
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined); // prettier-ignore
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await close();
    }
  });

  it('tool download: the published files with their SHA-256, the file itself, the policy with this address', async () => {
    const { env } = e2e.platform.deps;
    const dir = env.DOWNLOADS_DIR ?? path.join(env.DATA_DIR, 'downloads');
    await mkdir(dir, { recursive: true });
    const deb = randomBytes(20_000);
    await writeFile(path.join(dir, 'rxpacs-agent_0.2.0_amd64.deb'), deb);
    const sha = createHash('sha256').update(deb).digest('hex');
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      await shell.openUserMenu();
      await page.locator('.ant-dropdown [data-testid=menu-tools]').click();
      await page.waitForURL((u) => u.hash.startsWith('#/tools'));
      await page.getByTestId('download-sha256').filter({ hasText: sha }).waitFor();
      const href = await page.getByTestId('download-link').getAttribute('href');
      const fetched = await page.evaluate(async (h) => {
        const r = await fetch(h!);
        return { status: r.status, bytes: (await r.arrayBuffer()).byteLength };
      }, href);
      expect(fetched).toEqual({ status: 200, bytes: deb.length });
      expect(await page.getByTestId('policy-chrome').textContent()).toContain(
        `"origins": [\n          "${e2e.platform.origin}"`,
      );
      expect(await page.getByTestId('install-linux').textContent()).toContain('sudo apt install ./rxpacs-agent_0.2.0_amd64.deb'); // prettier-ignore
      await shot(page, 'tool-download-zh-CN');
      await shell.switchLanguage('en-US');
      await page.getByText('For the IT department').waitFor();
      await shot(page, 'tool-download-en-US');
      await shell.switchLanguage('zh-CN');
    } finally {
      await rm(path.join(dir, 'rxpacs-agent_0.2.0_amd64.deb'), { force: true });
      await close();
    }
  });

  it("shows every side menu entry whole in English at 1440 px (the super administrator's, all open)", async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    try {
      await shell.switchLanguage('en-US');
      for (const sub of await page.locator('[data-testid=shell-sider] .ant-menu-submenu-title').all())
        await sub.click();
      const titles = page.locator('[data-testid=shell-sider] .ant-menu-title-content');
      await expect.poll(() => titles.count()).toBeGreaterThan(25);
      const cut = await titles.evaluateAll((els) =>
        els.filter((e) => (e as HTMLElement).scrollWidth > (e as HTMLElement).clientWidth).map((e) => e.textContent),
      );
      expect(cut).toEqual([]);
      await shot(page, 'shell-menu-en-US');
    } finally {
      await close();
    }
  });

  it('collapses the side menu under 1200 px and uses a drawer under 576 px', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1000, height: 800 });
    await page.waitForSelector('[data-testid=shell-sider].ant-layout-sider-collapsed');
    await page.setViewportSize({ width: 500, height: 800 });
    await page.getByTestId('shell-sider').waitFor({ state: 'detached' });
    await page.getByTestId('shell-menu-toggle').click();
    await page.locator('.ant-drawer [data-testid=menu-collection]').click();
    await page.waitForURL((u) => u.hash.startsWith('#/account/collection'));
    await close();
  });
});

describe('session handling', () => {
  it('an expired session shows the login-expired dialog; its button signs out', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const list = new WorklistPage(page);
    await list.waitForResults();
    await e2e.platform.setSessionExpiry(-1);
    await page.getByTestId('wl-search').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('登录已过期').locator('visible=true').first().waitFor();
    await dialog.locator('.ant-btn-primary').click();
    await new LoginPage(page, e2e.platform.appUrl).username().waitFor();
    await close();
  });

  it('a session revoked elsewhere (401) signs the user out', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await new WorklistPage(page).waitForResults();
    const token = await shell.token();
    const res = await fetch(`${e2e.platform.origin}/user/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await page.getByTestId('wl-search').click();
    await page.waitForURL((u) => u.hash.startsWith('#/user/login?redirect='));
    expect(await shell.token()).toBeNull();
    await close();
  });

  it('refreshes the token when 60 s or less remain and the user is active', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const token = await shell.token();
    await e2e.platform.setSessionExpiry(30);
    await page.evaluate(() => {
      const raw = JSON.parse(sessionStorage.getItem('rxpacs.session') ?? '{}') as {
        state: { expiresAt: number; refreshedAt: number };
      };
      raw.state.expiresAt = Date.now() + 30_000;
      raw.state.refreshedAt = Date.now() - 60_000;
      sessionStorage.setItem('rxpacs.session', JSON.stringify(raw));
    });
    await page.reload();
    await shell.waitReady();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/user/refreshToken') && r.ok(), {
      timeout: 20_000,
    });
    await page.mouse.move(200, 300);
    await page.mouse.move(220, 320);
    await refreshed;
    expect(await e2e.platform.sessionExpiry(token!)).toBeGreaterThan(Date.now() + 60_000);
    await close();
  });
});

describe('language and lock screen', () => {
  it('switches the language to English and keeps it after a reload', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await shell.menuItem('orderList').waitFor();
    expect(await shell.menuItem('orderList').textContent()).toBe('影像列表');

    await shell.switchLanguage('en-US');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=menu-orderList]')?.textContent === 'Image list',
    );
    expect(await page.getByTestId('wl-search').textContent()).toContain('Search');

    await page.reload();
    await shell.waitReady();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=menu-orderList]')?.textContent === 'Image list',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await close();
  });

  it('locks and unlocks: a wrong password stays locked, the right one returns to the list', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await shell.lock();
    const lock = new LockPage(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=lock-name]')?.textContent === '张医生');

    await lock.unlock('Wrong@1234');
    await lock.error().waitFor();
    expect(new URL(page.url()).hash).toBe('#/lock');

    // Locked survives a reload, and the guard keeps the user on the lock screen.
    await page.reload();
    await lock.screen().waitFor();
    await page.goto(`${e2e.platform.appUrl}#/orderList`);
    await page.waitForURL((u) => u.hash === '#/lock');
    await lock.screen().waitFor();

    await lock.unlock('Doctor@123');
    await page.waitForURL((u) => u.hash === '#/orderList');
    await shell.waitReady();
    await close();
  });
});
