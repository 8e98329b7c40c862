import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { apiToken, patientShareLink } from '../fixtures/report-api';
import { shot } from '../fixtures/shots';
import { ReportPrintPage } from '../pages/report-print-page';

const e2e = useE2e();

/** A patient's link to an audited report of H001 (a doctor made it from the writing screen). */
const patientLink = async () => (await patientShareLink(e2e.platform, await apiToken(e2e.platform, 'doctor'), 7)).path;

/** The link opened on a phone (390 x 844, touch, its meta viewport honoured) or a desktop, signed out. */
async function openLink(path: string, o: { phone: boolean; locale: 'zh-CN' | 'en-US' }) {
  const context = await e2e.browser.newContext({
    viewport: o.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    isMobile: o.phone,
    hasTouch: o.phone,
    locale: o.locale,
  });
  await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEYS.locale, o.locale]);
  const page = await context.newPage();
  await page.goto(`${e2e.platform.appUrl}#${path}`);
  const print = new ReportPrintPage(page, e2e.platform.appUrl);
  await print.waitReady();
  return { page, print, close: () => context.close() };
}

/** Where the A4 pages and the document lie against the window. */
const layout = (print: ReportPrintPage) =>
  print.page.evaluate(() => {
    const pages = [...document.querySelectorAll('[data-testid=report-page]')].map((p) => p.getBoundingClientRect());
    return {
      viewport: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      left: Math.min(...pages.map((r) => r.left)),
      right: Math.max(...pages.map((r) => r.right)),
      width: pages[0]!.width,
      meta: document.querySelector('meta[name=viewport]')?.getAttribute('content') ?? '',
    };
  });

describe('the shared report on a phone (issue 40, item 6)', () => {
  it.each(['zh-CN', 'en-US'] as const)(
    '%s: at 390 px the A4 page is shrunk to the width, nothing scrolls sideways, pinch zoom allowed',
    async (locale) => {
      const { print, page, close } = await openLink(await patientLink(), { phone: true, locale });
      const l = await layout(print);
      expect(l.viewport).toBe(390);
      expect(l.scrollWidth).toBeLessThanOrEqual(l.viewport);
      expect(l.left).toBeGreaterThanOrEqual(0);
      expect(l.right).toBeLessThanOrEqual(l.viewport + 0.5);
      // The whole width of the page, not a slice of it.
      expect(l.width).toBeGreaterThan(l.viewport - 2);
      expect(l.meta).toContain('width=device-width');
      expect(l.meta).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
      await shot(page, `shared-report-phone-390-${locale}`);
      await close();
    },
  );

  it.each(['zh-CN', 'en-US'] as const)('%s: on a desktop the page stays full A4 size', async (locale) => {
    const { print, page, close } = await openLink(await patientLink(), { phone: false, locale });
    const l = await layout(print);
    expect(l.width).toBeGreaterThan(793);
    expect(l.width).toBeLessThan(795);
    expect(await page.getByTestId('fit-to-width').getAttribute('data-scale')).toBe('1');
    await shot(page, `shared-report-desktop-1440-${locale}`);
    await close();
  });
});
