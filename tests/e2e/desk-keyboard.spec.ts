import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();

/** Tab until the element the locator names has the focus: the keyboard's own way there (bounded). */
async function tabTo(page: import('playwright-core').Page, testId: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    const here = await page.evaluate(
      (id) =>
        !!document.activeElement?.closest(`[data-testid="${id}"]`) ||
        document.activeElement?.getAttribute('data-testid') === id,
      testId,
    );
    if (here) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe('the desk at speed, with the keyboard alone', () => {
  it('worklist -> next urgent study (Alt+N) -> write -> save (Ctrl+S) -> audit (Ctrl+Enter) -> next study (Alt+N)', async () => {
    const auditor = await apiToken(e2e.platform, 'auditor');
    const expected = await apiPost<{ study_iuid: string; priority: number } | null>(
      e2e.platform,
      auditor,
      '/api/order/next',
      {},
    );
    if (!expected) throw new Error('no unwritten study in the demo data');
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      await page.getByTestId('wl-row').first().waitFor();
      await page.keyboard.press('F1');
      await page.getByTestId('hotkey-help').getByText('Alt + N').waitFor();
      await shot(page, 'desk-hotkeys-zh-CN');
      await page.keyboard.press('Escape');
      await page.getByTestId('hotkey-help').waitFor({ state: 'hidden' });

      await page.keyboard.press('Alt+n');
      await page.waitForURL(new RegExp(`writeRpt\\?study_iuid=${expected.study_iuid.replaceAll('.', '\\.')}`));
      const rw = new ReportWritePage(page);
      await rw.waitReady();
      // Negative (Space on the focused radio), then the findings and the impression on the A4 page.
      await tabTo(page, 'rw-good-1');
      await page.keyboard.press('Space');
      await tabTo(page, 'page-text-findings');
      await page.keyboard.insertText('双肺纹理清晰，未见实质性病变。');
      await tabTo(page, 'page-text-opinion');
      await page.keyboard.insertText('胸部CT平扫未见异常。');
      await page.keyboard.press('Control+s');
      await rw.message('报告已保存').waitFor();
      await page.keyboard.press('Control+Enter');
      await rw.message('报告已审核').waitFor();
      const audited = await apiPost<{ reports: { rpt_status: number; report_text2: string }[] }>(
        e2e.platform,
        auditor,
        '/report/info',
        { study_iuid: expected.study_iuid },
      );
      expect(audited.reports[0]).toMatchObject({ rpt_status: 2, report_text2: '胸部CT平扫未见异常。' });

      await page.keyboard.press('Alt+n');
      await page.waitForURL((u) => u.hash.includes('writeRpt') && !u.hash.includes(expected.study_iuid));
      await rw.waitReady();
      const second = new URL(page.url()).hash.split('study_iuid=')[1];
      const row = await apiPost<{ study: { rpt_status: number } }>(e2e.platform, auditor, '/report/info', {
        study_iuid: decodeURIComponent(second ?? ''),
      });
      expect(row.study.rpt_status).toBe(0);

      // The worklist by priority: urgent first with its tag, each study's time waited under its study time.
      await page.goto(`${e2e.platform.appUrl}#/orderList?rpt_status=0&column=priority&order=desc&pageNumber=1`);
      await page.getByTestId('cell-waited').first().waitFor();
      if (expected.priority === 1) await page.getByTestId('cell-urgent').first().waitFor();
      await shot(page, 'desk-worklist-zh-CN');
      await shell.switchLanguage('en-US');
      await page
        .getByTestId('cell-waited')
        .first()
        .getByText(/^waiting /)
        .waitFor();
      await shot(page, 'desk-worklist-en-US');
      await page.keyboard.press('F1');
      await page.getByTestId('hotkey-help').getByText('Open the next study to report', { exact: false }).waitFor();
      await shot(page, 'desk-hotkeys-en-US');
    } finally {
      await close();
    }
  }, 120_000);
});
