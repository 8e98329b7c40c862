import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules axe-core checks. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One axe finding, short enough to read in a failed assertion. */
export interface Finding {
  rule: string;
  impact: string;
  where: string[];
}

/**
 * Opens the address as a new document and waits until no request has been in flight for half a second (a
 * hash change within the app would not wait for the screen's own requests).
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'networkidle' });
}

/**
 * The page once it has settled: no spinner or loading button, no finite animation running (a half-faded
 * dialog or a dimmed table under its loading mask is not what a person reads).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-spinning, .ant-btn-loading, .ant-skeleton-active') &&
      document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity),
  );
}

/** axe-core's serious and critical WCAG 2.1 AA violations on the page as it is now. */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      where: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}
