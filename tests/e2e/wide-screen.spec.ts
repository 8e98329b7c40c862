import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RPT_STATUS } from '@shared/constants';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { shot } from '../fixtures/shots';
import { signedIn } from '../fixtures/session';
import { ReportWritePage } from '../pages/report-write-page';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

/** Signed in at 1440 x 900 with the interface in English, on the worklist filtered by report status. */
async function englishWorklist(user: 'auditor' | 'doctor' | 'admin', status?: number) {
  const session = await signedIn(e2e.browser, e2e.platform, user, { width: 1440, height: 900 });
  await session.page.evaluate((key) => localStorage.setItem(key, 'en-US'), STORAGE_KEYS.locale);
  await session.page.reload();
  await session.shell.waitReady();
  const list = new WorklistPage(session.page);
  if (status !== undefined) {
    await session.page.goto(`${e2e.platform.appUrl}#/orderList?rpt_status=${status}`);
    await list.waitForResults({ query: `rpt_status=${status}` });
  } else {
    await list.waitForResults({ min: 10 });
  }
  return { ...session, list };
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not visible`);
  return b;
};

async function openFirstReport(page: Page, list: WorklistPage): Promise<ReportWritePage> {
  await list.rows().first().getByTestId('row-open-report').click();
  const rw = new ReportWritePage(page);
  await rw.waitReady();
  return rw;
}

describe('worklist and report screen at 1440 px in English', () => {
  it('shows the English system title and every main column beside the actions', async () => {
    const { page, close } = await englishWorklist('auditor');
    try {
      expect(await page.getByTestId('shell-title').textContent()).toBe('Medical Imaging System');
      const auditor = await box(page, '.ant-table-thead th:has-text("Auditor")');
      const actions = await box(page, '.ant-table-thead th:has-text("Actions")');
      expect(auditor.x + auditor.width).toBeLessThanOrEqual(actions.x + 1);
      const studyTime = await page
        .getByTestId('cell-study-datetime')
        .first()
        .evaluate((e) => ({
          text: e.textContent ?? '',
          title: e.getAttribute('title') ?? '',
          cut: e.parentElement!.scrollWidth > e.parentElement!.clientWidth,
        }));
      expect(studyTime.text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      expect(studyTime.title.startsWith(studyTime.text)).toBe(true);
      expect(studyTime.cut).toBe(false);
    } finally {
      await close();
    }
  });

  it('keeps the auditor beside the actions for the super administrator too (their worklist adds the hospital)', async () => {
    const { page, close } = await englishWorklist('admin');
    try {
      expect(await page.getByTestId('cell-hospital').count()).toBeGreaterThan(0);
      await shot(page, 'worklist-super-admin-en-US');
      const auditor = await box(page, '.ant-table-thead th:has-text("Auditor")');
      const actions = await box(page, '.ant-table-thead th:has-text("Actions")');
      expect(auditor.x + auditor.width).toBeLessThanOrEqual(actions.x + 1);
    } finally {
      await close();
    }
  });

  it('lines up the row icons with and without a print icon, and keeps the header above fixed columns', async () => {
    const { page, close } = await englishWorklist('auditor');
    try {
      const xs = await page
        .getByTestId('row-history')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().x)));
      expect(await page.getByTestId('row-print').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('row-print-slot').count()).toBeGreaterThan(0);
      expect(new Set(xs).size).toBe(1);

      const name = await box(page, '[data-testid=cell-patient-name]');
      await page.mouse.move(700, 600);
      await page.mouse.wheel(0, 500);
      await page.waitForFunction(() => (document.scrollingElement?.scrollTop ?? 0) > 300);
      const onTop = await page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid=shell-header]'),
        [name.x + 4, 20] as const,
      );
      expect(onTop).toBe(true);
      // The table's own header stays in sight below the frame's header.
      const head = await box(page, '.ant-table-thead th:has-text("Name")');
      expect(head.y).toBeGreaterThanOrEqual(55);
      expect(head.y).toBeLessThan(120);
    } finally {
      await close();
    }
  });

  it('fits the A4 page and keeps header values and names whole on an audited report', async () => {
    const { page, list, close } = await englishWorklist('auditor', RPT_STATUS.AUDITED);
    try {
      await openFirstReport(page, list);
      const zoom = Number(await page.getByTestId('report-document').getAttribute('data-zoom'));
      expect(zoom).toBeLessThan(1);
      const doctor = await box(page, '[data-testid=rw-status-doctor]');
      const auditor = await box(page, '[data-testid=rw-status-auditor]');
      expect(auditor.y).toBeGreaterThanOrEqual(doctor.y + doctor.height - 1);
      expect(await page.getByTestId('rw-status').textContent()).toContain('Audited by');
      // One line each: a value that wrapped ("A2600003 / 30") would double an item's height.
      const heights = await page
        .locator('[data-testid=rw-header] .rx-study-header-item')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(32);
      const tabs = await page.getByTestId('rw-tab-usage').isVisible();
      expect(tabs).toBe(true);
    } finally {
      await close();
    }
  });

  it('joins validation messages the English way', async () => {
    const { page, list, close } = await englishWorklist('doctor', RPT_STATUS.NOT_WRITTEN);
    try {
      const rw = await openFirstReport(page, list);
      await rw.button('save').click();
      const text = (await page.locator('.ant-message-notice').first().textContent()) ?? '';
      expect(text).toContain('; ');
      expect(text).not.toContain('；');
    } finally {
      await close();
    }
  });
});
