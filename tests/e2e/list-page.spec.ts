import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { ListScreen } from '../pages/list-page';
import { clickWhenOpen } from '../pages/dialogs';

const e2e = useE2e();

async function open(path: string, prefix: 'wl' | 'col', query = '') {
  const session = await signedIn(e2e.browser, e2e.platform, 'doctor');
  await session.page.goto(`${e2e.platform.appUrl}#${path}`);
  const list = new ListScreen(session.page, prefix);
  await list.waitForResults({ query, min: 0 });
  return { ...session, list };
}

/** The values of one column (found by its header) of the first sheet, header row left out. */
async function xlsxColumn(download: Download, header: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const col = headers.indexOf(header);
  expect(col, `header ${header} in ${headers.join(',')}`).toBeGreaterThan(0);
  const values: string[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) values.push(String(sheet.getRow(r).getCell(col).value ?? ''));
  return values;
}

async function warning(page: Page, text: string) {
  await page.locator('.ant-message-warning').getByText(text).waitFor();
}

describe('list parts on the worklist', () => {
  it('a hidden column stays hidden after a reload', async () => {
    const { page, list, close } = await open('/orderList', 'wl');
    expect((await list.cellTexts('cell-modality')).length).toBeGreaterThan(0);
    await list.setColumnShown('modality', false);
    await page.getByTestId('cell-modality').first().waitFor({ state: 'detached' });

    await page.reload();
    await list.waitForResults();
    expect(await list.cellTexts('cell-modality')).toEqual([]);
    expect((await list.cellTexts('cell-patient-id')).length).toBeGreaterThan(0);

    await list.setColumnShown('modality', true);
    await page.getByTestId('cell-modality').first().waitFor();
    await close();
  });

  it('a click on a column header sorts by it, a second click reverses', async () => {
    const { list, close } = await open('/orderList?pageNumber=1&pageSize=100', 'wl', 'pageSize=100');
    await list.clickHeader('检查时间');
    await list.waitForResults({ query: 'column=study_datetime&order=asc' });
    const asc = await list.cellTexts('cell-study-datetime');
    expect(asc.length).toBeGreaterThan(20);
    expect(asc).toEqual([...asc].sort());

    await list.clickHeader('检查时间');
    await list.waitForResults({ query: 'column=study_datetime&order=desc' });
    const desc = await list.cellTexts('cell-study-datetime');
    expect(desc).toEqual([...desc].sort().reverse());
    expect(desc[0]).not.toBe(asc[0]);
    await close();
  });

  it('export downloads an xlsx of every row of the current filter', async () => {
    const { list, close } = await open('/orderList?modalitys=CT&pageNumber=1&pageSize=500', 'wl', 'modalitys=CT');
    const total = await list.total();
    expect(total).toBeGreaterThan(0);
    const shown = await list.cellTexts('cell-accession-no');
    expect(shown).toHaveLength(total);

    const file = await list.exportFile();
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await xlsxColumn(file, '检查号')).sort()).toEqual([...shown].sort());
    expect(new Set(await xlsxColumn(file, '检查类型'))).toEqual(new Set(['CT']));
    await close();
  });
});

describe('list parts on the favourites', () => {
  it('batch removal needs a selected row, asks to confirm, and removes only the selected', async () => {
    const { page, list: worklist, close } = await open('/orderList', 'wl');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const row = worklist.rows().nth(i);
      names.push((await row.getByTestId('cell-accession-no').textContent()) ?? '');
      await row.getByTestId('row-favourite').click();
      await row.locator('[data-testid=row-favourite][data-collected=true]').waitFor();
    }

    // All dates: the favourites page defaults to today only.
    await page.goto(`${e2e.platform.appUrl}#/account/collection?pageNumber=1`);
    const list = new ListScreen(page, 'col');
    await list.waitForResults({ min: 3 });
    expect((await list.cellTexts('cell-accession-no')).sort()).toEqual([...names].sort());

    await list.id('batch-delete').click();
    await warning(page, '请至少选择一条记录');

    const kept = (await list.cellTexts('cell-accession-no'))[2]!;
    await list.selectRow(0);
    await list.selectRow(1);
    await list.id('batch-delete').click();
    await page.locator('.ant-modal-confirm').getByText('确定将选中的 2 个检查移出收藏吗？').waitFor();
    await clickWhenOpen(list.id('confirm-ok'));
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-testid=col-result]')?.dataset.total === '1',
    );
    await list.waitForResults();
    expect(await list.cellTexts('cell-accession-no')).toEqual([kept]);

    const file = await list.exportFile();
    expect(await xlsxColumn(file, '检查号')).toEqual([kept]);
    await close();
  });

  it('a filter without a match shows the no-data notice', async () => {
    const { page, list, close } = await open('/account/collection?pageNumber=1', 'col');
    await list.id('patient-name').fill('NO-SUCH-PATIENT');
    await list.id('search').click();
    await list.waitForResults({ query: 'patient_name=NO-SUCH-PATIENT', min: 0 });
    expect(await list.total()).toBe(0);
    await list.id('no-data').waitFor();
    await warning(page, '暂无数据');
    await close();
  });
});
