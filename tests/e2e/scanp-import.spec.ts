import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ListScreen } from '../pages/list-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

const e2e = useE2e();

/** The hospital administrator on /system/scanp in the given language. */
async function scanItemsScreen(locale: 'zh-CN' | 'en-US') {
  const { context, page } = await newPage(e2e.browser);
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.locale, locale]);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  const [username, password] = USERS.hadmin;
  await login.signIn(username, password);
  await new ShellPage(page).waitReady();
  await page.goto(`${e2e.platform.appUrl}#/system/scanp`);
  const list = new ListScreen(page, 'scanp');
  await list.waitForResults();
  return { page, list, close: () => context.close() };
}

/** Uploads a workbook through the screen's import button. */
async function importBook(list: ListScreen, wb: ExcelJS.Workbook, name: string): Promise<void> {
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await list.page
    .getByTestId('scanp-import')
    .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

describe('scan items: export, edit in Excel, import (issue 40, item 8)', () => {
  it.each([
    ['zh-CN', '胸部正侧位（双斜位）', /新增 0 条，更新 1 条/, '医院编码 H002 不是本院'],
    ['en-US', 'Chest PA and lateral', /0 added, 1 changed/, 'Hospital H002 is not yours'],
  ] as const)(
    '%s: the exported file goes back in and changes the item; another hospital’s row is refused',
    async (locale, renamed, done, refused) => {
      const { page, list, close } = await scanItemsScreen(locale);
      const total = await list.total();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await (await list.exportFile()).path())!);
      const ws = wb.worksheets[0]!;
      expect(ws.rowCount - 1).toBe(total);
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const col = (i: number) => i + 1;
      const description = col(header.findIndex((h) => h === '检查部位' || h === 'Description'));
      const hospitalCol = col(header.findIndex((h) => h === '医院编码' || h === 'Hospital code'));
      ws.getRow(2).getCell(description).value = renamed;

      await importBook(list, wb, 'scan-items.xlsx');
      await page.locator('.ant-message-success').filter({ hasText: done }).waitFor();
      await list.waitForResults();
      expect(await list.total()).toBe(total);
      await list.id('result').getByText(renamed).first().waitFor();
      await shot(page, `scanp-import-round-trip-${locale}`);

      await page.locator('.ant-message-success').waitFor({ state: 'hidden' });
      ws.getRow(3).getCell(hospitalCol).value = 'H002';
      await importBook(list, wb, 'scan-items.xlsx');
      const details = page.getByTestId('scanp-import-details');
      await details.getByText(refused).waitFor();
      await shot(page, `scanp-import-other-hospital-refused-${locale}`);
      await close();
    },
  );
});
