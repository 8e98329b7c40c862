import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { LockPage } from '../pages/lock-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('signed-in session', () => {
  it('switches the language to English and keeps it after a reload', async () => {
    const { context, page } = await newPage(browser);
    await new LoginPage(page, platform.appUrl).open();
    await new LoginPage(page, platform.appUrl).signIn('doctor', 'Doctor@123');
    const shell = new ShellPage(page);
    await shell.waitReady();
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
    await context.close();
  });

  it('locks and unlocks: a wrong password stays locked, the right one returns to the list', async () => {
    const { context, page } = await newPage(browser);
    await new LoginPage(page, platform.appUrl).open();
    await new LoginPage(page, platform.appUrl).signIn('doctor', 'Doctor@123');
    const shell = new ShellPage(page);
    await shell.waitReady();
    await shell.lock();
    const lock = new LockPage(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=lock-name]')?.textContent === '张医生');

    await lock.unlock('Wrong@1234');
    await lock.error().waitFor();
    expect(new URL(page.url()).hash).toBe('#/lock');

    // Locked survives a reload, and the guard keeps the user on the lock screen.
    await page.reload();
    await lock.screen().waitFor();
    await page.goto(`${platform.appUrl}#/orderList`);
    await page.waitForURL((u) => u.hash === '#/lock');
    await lock.screen().waitFor();

    await lock.unlock('Doctor@123');
    await page.waitForURL((u) => u.hash === '#/orderList');
    await shell.waitReady();
    await context.close();
  });
});
