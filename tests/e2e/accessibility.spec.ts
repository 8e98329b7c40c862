import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn, USERS } from '../fixtures/session';
import { seriousFindings, visit } from '../pages/axe';
import { shot } from '../fixtures/shots';
import { WorklistPage } from '../pages/worklist-page';

/** Issue 40, item 11: axe-core finds no serious or critical WCAG 2.1 AA violation on the main screens. */
const e2e = useE2e();

/** The main screens, by the user who works in them. */
const SCREENS: Partial<Record<keyof typeof USERS, string[]>> = {
  doctor: ['/orderList', '/orderImage', '/account/settings'],
  register: ['/register', '/callPanel'],
  admin: ['/system/user', '/system/hospital', '/system/config', '/system/layout', '/system/audit', '/recycle'],
  hadmin: ['/dashboard', '/monthCount'],
};

describe('accessibility of the main screens (axe-core, WCAG 2.1 AA)', () => {
  it.each(['zh-CN', 'en-US'] as const)('the sign-in page (%s)', async (locale) => {
    const { context, page } = await newPage(e2e.browser, { locale });
    await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEYS.locale, locale]);
    await visit(page, `${e2e.platform.appUrl}#/user/login`);
    await page.getByTestId('login-form').waitFor();
    expect(await seriousFindings(page)).toEqual([]);
    // Named for a screen reader, not by the placeholder alone.
    expect(await page.getByTestId('login-username').getAttribute('aria-label')).toBeTruthy();
    expect(await page.getByTestId('login-password').getAttribute('aria-label')).toBeTruthy();
    await shot(page, `a11y-sign-in-${locale}`);
    await context.close();
  });

  it.each(Object.entries(SCREENS))('the screens of %s', { timeout: 120_000 }, async (user, paths) => {
    const session = await signedIn(e2e.browser, e2e.platform, user as keyof typeof USERS);
    const found: Record<string, unknown> = {};
    for (const path of paths!) {
      await visit(session.page, `${e2e.platform.appUrl}#${path}`);
      const findings = await seriousFindings(session.page);
      if (findings.length) found[path] = findings;
      if (path === '/orderList') await shot(session.page, 'a11y-worklist-zh-CN');
    }
    expect(found).toEqual({});
    await session.close();
  });

  it('the report writing screen, in English', async () => {
    const session = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await session.shell.switchLanguage('en-US');
    await visit(session.page, `${e2e.platform.appUrl}#/orderList`);
    const list = new WorklistPage(session.page);
    await list.waitForResults({ min: 1 });
    expect(await seriousFindings(session.page)).toEqual([]);
    await shot(session.page, 'a11y-worklist-en-US');
    const iuid = await list.rows().first().getAttribute('data-row-key');
    await visit(session.page, `${e2e.platform.appUrl}#/writeRpt?study_iuid=${encodeURIComponent(iuid!)}`);
    await session.page.getByTestId('report-document').waitFor();
    expect(await seriousFindings(session.page)).toEqual([]);
    await shot(session.page, 'a11y-write-report-en-US');
    await session.close();
  });
});
