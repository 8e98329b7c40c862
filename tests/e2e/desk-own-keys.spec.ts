import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { study } from '../../server/src/platform/db/schema';
import { useE2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { ReportWritePage } from '../pages/report-write-page';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

describe('the desk: a priority column and keys of your own', () => {
  it('shows an urgent study by its tag in the priority column, first when that column sorts', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    const list = new WorklistPage(page);
    try {
      // The longest-waiting study, made urgent (an emergency patient): first among the urgent ones.
      await page.goto(`${e2e.platform.appUrl}#/orderList?column=study_datetime&order=asc&pageNumber=1`);
      await list.waitForResults({ query: 'order=asc' });
      const key = (await list.rows().first().getAttribute('data-row-key'))!;
      await e2e.platform.deps.db.update(study).set({ patient_type: 3 }).where(eq(study.study_iuid, key));

      await page.goto(`${e2e.platform.appUrl}#/orderList`);
      await list.waitForResults({ min: 10 });
      const header = page.locator('.ant-table-thead th.rx-priority-cell');
      await header.click();
      await list.waitForResults({ query: 'order=asc' });
      expect(page.url()).toContain('column=priority');
      await header.click();
      await list.waitForResults({ query: 'order=desc' });
      const first = list.rows().first();
      expect(await first.getAttribute('data-row-key')).toBe(key);
      // The tag is in the priority column and nowhere else in the row.
      expect(await first.locator('td.rx-priority-cell').getByTestId('cell-urgent').textContent()).toBe('急');
      expect(await first.getByTestId('cell-urgent').count()).toBe(1);
      // Urgent rows first, then the others (a page may hold urgent ones only).
      const urgent = await list
        .rows()
        .evaluateAll((rows) => rows.map((r) => !!r.querySelector('[data-testid=cell-urgent]')));
      const firstRoutine = urgent.indexOf(false);
      if (firstRoutine >= 0) expect(urgent.slice(firstRoutine)).not.toContain(true);
      await page.mouse.move(700, 899);
      await shot(page, 'desk-priority-column-zh-CN');
      await shell.switchLanguage('en-US');
      await first.getByTestId('cell-urgent').getByText('STAT').waitFor();
      await page.mouse.move(700, 899);
      await shot(page, 'desk-priority-column-en-US');
    } finally {
      await close();
    }
  });

  it('rebinds "save" in the settings: the new key saves on the desk, the old one no longer does', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
    try {
      await settings.open('hotkeys');
      expect(await settings.hotkeyKey('save').textContent()).toBe('Ctrl + S');
      await settings.recordHotkey('save', 'Control+Shift+S');
      await settings.hotkeyKey('save').getByText('Ctrl + Shift + S').waitFor();
      await page.locator('.ant-message').getByText('快捷键已保存').waitFor();
      await page.mouse.move(700, 899);
      await shot(page, 'desk-hotkeys-settings-zh-CN');
      await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
      await shell.switchLanguage('en-US');
      await page.getByTestId('settings-hotkeys').getByText('Reset to default').first().waitFor();
      await shot(page, 'desk-hotkeys-settings-en-US');
      await shell.switchLanguage('zh-CN');
      // A bare letter is refused and nothing changes; so is a key another action has.
      await settings.recordHotkey('save', 'q');
      await page.locator('.ant-message').getByText('“Q”不能用作快捷键').waitFor();
      await settings.recordHotkey('save', 'Alt+n');
      await page.locator('.ant-message').getByText('已用于“打开下一例待写检查', { exact: false }).waitFor();
      // Nor may an action take a key typing uses to edit text (paste).
      await settings.recordHotkey('save', 'Control+v');
      await page.locator('.ant-message').getByText('“Ctrl + V”是编辑文字用的', { exact: false }).waitFor();
      expect(await settings.hotkeyKey('save').textContent()).toBe('Ctrl + Shift + S');

      const saves: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/report/save')) saves.push(r.url());
      });
      await page.goto(`${e2e.platform.appUrl}#/orderList?rpt_status=0`);
      const list = new WorklistPage(page);
      await list.waitForResults({ query: 'rpt_status=0' });
      await list.rows().first().getByTestId('row-open-report').click();
      const rw = new ReportWritePage(page);
      await rw.waitReady();
      await page.getByTestId('rw-good-1').click();
      await page.getByTestId('page-text-findings').click();
      await page.keyboard.insertText('双肺纹理清晰。');
      await page.getByTestId('page-text-opinion').click();
      await page.keyboard.insertText('未见异常。');
      await page.keyboard.press('Control+Shift+S');
      await rw.message('报告已保存').waitFor();
      expect(saves).toHaveLength(1);

      await page.getByTestId('page-text-findings').click();
      await page.keyboard.insertText('纵隔居中。');
      await page.keyboard.press('Control+s');
      // The help (F1, still the default) comes after the old save key was handled: no second save by then.
      await page.keyboard.press('F1');
      await page.getByTestId('hotkey-help-save').getByText('Ctrl + Shift + S').waitFor();
      expect(await page.getByTestId('hotkey-help-audit').textContent()).toBe('Ctrl + Enter');
      expect(saves).toHaveLength(1);
    } finally {
      await close();
    }
  }, 120_000);
});
