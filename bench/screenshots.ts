/**
 * Screenshots of the main screens at 1440 x 900 in both languages, from the real platform with demo data:
 * the worklist (top and scrolled), the report screen of an audited report and its print page, and the
 * administration pages (ADMIN_PAGES: every /system page; the committed set is users, roles, config, audit). (The login
 * page is left out: its gradient makes a 450 KB PNG; the frame shows the same title.)
 *
 *   npm run screenshots                          # builds web/dist, writes docs/screenshots/*.png
 *   WEB_DIST=/tmp/dist OUT=/tmp/shots tsx bench/screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RPT_STATUS, type Locale } from '@shared/constants';
import { STORAGE_KEYS } from '../web/src/lib/storage-keys';
import { launchBrowser, newPage, startPlatform, type Platform } from '../tests/fixtures/platform';
import { USERS } from '../tests/fixtures/session';
import { LoginPage } from '../tests/pages/login-page';
import { ReportPrintPage } from '../tests/pages/report-print-page';
import { ReportWritePage } from '../tests/pages/report-write-page';
import { ShellPage } from '../tests/pages/shell-page';
import { WorklistPage } from '../tests/pages/worklist-page';

const OUT = process.env.OUT ?? 'docs/screenshots';
const SIZE = { width: 1440, height: 900 };

/** The administration pages shot by default (ADMIN_PAGES=all: every one). */
const ADMIN_PAGES =
  process.env.ADMIN_PAGES === 'all'
    ? ['hospital', 'user', 'role', 'region', 'config', 'dict', 'scanp', 'device', 'audit']
    : ['user', 'role', 'config', 'audit'];

async function signIn(
  browser: Browser,
  platform: Platform,
  locale: Locale,
  user: keyof typeof USERS = 'auditor',
): Promise<Page> {
  const { context, page } = await newPage(browser, { ...SIZE, locale });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.locale,
    locale,
  ] as const);
  const login = new LoginPage(page, platform.appUrl);
  await login.open();
  const [username, password] = USERS[user];
  await login.signIn(username, password);
  await new ShellPage(page).waitReady();
  return page;
}

async function worklist(page: Page, locale: Locale): Promise<void> {
  const list = new WorklistPage(page);
  await list.waitForResults({ min: 10 });
  await page.screenshot({ path: path.join(OUT, `worklist-${locale}.png`) });
  // Scrolled: the sticky header must stay above the fixed columns.
  await page.mouse.move(700, 600);
  await page.mouse.wheel(0, 500);
  await page.waitForFunction(() => document.scrollingElement && document.scrollingElement.scrollTop > 300);
  await page.screenshot({ path: path.join(OUT, `worklist-scrolled-${locale}.png`) });
}

async function reportScreen(page: Page, platform: Platform, locale: Locale): Promise<void> {
  await page.goto(`${platform.appUrl}#/orderList?rpt_status=${RPT_STATUS.AUDITED}`);
  const list = new WorklistPage(page);
  await list.waitForResults({ query: `rpt_status=${RPT_STATUS.AUDITED}` });
  await list.rows().first().getByTestId('row-open-report').click();
  await page.waitForURL((u) => u.hash.startsWith('#/writeRpt?study_iuid='));
  const rw = new ReportWritePage(page);
  await rw.waitReady();
  // The saved tool settings (auto zoom) arrive with the user's configuration.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `report-${locale}.png`) });
  const print = new ReportPrintPage(page, platform.appUrl);
  await ReportPrintPage.stubPrinting(page);
  await print.open({ study_iuid: rw.studyIuid() });
  await print.waitReady();
  await page.screenshot({ path: path.join(OUT, `print-${locale}.png`), fullPage: true });
}

async function adminScreens(page: Page, platform: Platform, locale: Locale): Promise<void> {
  // The administrator's low-disk notice (spec) would cover the header of every shot.
  await page
    .locator('.ant-notification-notice-close')
    .click({ timeout: 3000 })
    .catch(() => undefined);
  for (const name of ADMIN_PAGES) {
    await page.goto(`${platform.appUrl}#/system/${name}`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('app-shell').waitFor();
    // Lists settle on their result count; the role page on its tree.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `admin-${name}-${locale}.png`) });
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const platform = await startPlatform();
  const browser = await launchBrowser();
  try {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const page = await signIn(browser, platform, locale);
      await worklist(page, locale);
      await reportScreen(page, platform, locale);
      await page.context().close();
      const admin = await signIn(browser, platform, locale, 'admin');
      await adminScreens(admin, platform, locale);
      await admin.context().close();
    }
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await platform.close();
  }
}

await main();
