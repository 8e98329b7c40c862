import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { WorklistPage } from '../pages/worklist-page';
import { clickWhenOpen } from '../pages/dialogs';

const e2e = useE2e();

describe('worklist actions', () => {
  it('history dialog lists the same patient by ID and by name; view report opens the report route', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await page.goto(`${e2e.platform.appUrl}#/orderList?pageNumber=1&pageSize=100`);
    const list = new WorklistPage(page);
    await list.waitForResults({ query: 'pageSize=100', min: 21 });
    const { patientId, row } = await list.rowOfRepeatedPatient();
    await row.getByTestId('row-history').click();

    const byId = page.getByTestId('history-table-patient_id');
    await byId.getByTestId('cell-patient-id').first().waitFor();
    const ids = await byId.getByTestId('cell-patient-id').allTextContents();
    expect(new Set(ids)).toEqual(new Set([patientId]));
    // The study it was opened from is marked; study and report time are in view without scrolling the table.
    const opened = await row.getAttribute('data-row-key');
    expect(await byId.locator(`[data-row-key="${opened}"]`).getByTestId('history-current').count()).toBe(1);
    expect(await byId.getByTestId('history-current').count()).toBe(1);
    const body = (await page.locator('.ant-modal-body').boundingBox())!;
    for (const title of ['检查时间', '报告时间']) {
      const th = (await byId.locator('.ant-table-thead th', { hasText: title }).first().boundingBox())!;
      expect(th.x + th.width, title).toBeLessThanOrEqual(body.x + body.width);
    }
    await shot(page, 'history-dialog-zh-CN');

    await page.getByTestId('history-tab-patient_name').click();
    await page.getByTestId('history-table-patient_name').getByTestId('cell-patient-id').first().waitFor();

    await page.getByTestId('history-table-patient_name').getByTestId('history-view-report').first().click();
    await page.waitForURL((u) => u.hash.startsWith('#/writeRpt?study_iuid='));
    await page.getByTestId('rw-screen').waitFor();
    await close();
  });

  it('print opens the print page of an audited report in a new tab', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const list = new WorklistPage(page);
    await page.getByTestId('wl-status').click();
    await page.locator('.ant-select-item-option[title="已审核"]').click();
    await page.keyboard.press('Escape');
    await list.search('rpt_status=2');
    const popup = page.context().waitForEvent('page');
    await page.getByTestId('row-print').first().click();
    const printPage = await popup;
    await printPage.waitForURL((u) => u.hash.startsWith('#/rptPrint?study_iuid='));
    expect(new URLSearchParams(new URL(printPage.url()).hash.split('?')[1]).get('rpt_pk')).toMatch(/^\d+$/);
    await close();
  });

  it('a favourite starred in the list shows on the favourites page and can be removed there', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const list = new WorklistPage(page);
    await list.waitForResults();
    const first = list.rows().first();
    const name = (await first.getByTestId('cell-patient-name').textContent()) ?? '';
    await first.getByTestId('row-favourite').click();
    await first.locator('[data-testid=row-favourite][data-collected=true]').waitFor();

    // All dates: the favourites page defaults to today only.
    await page.goto(`${e2e.platform.appUrl}#/account/collection?pageNumber=1`);
    const rows = page.getByTestId('col-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByTestId('cell-patient-name').textContent()).toBe(name);

    await rows.first().getByTestId('row-favourite').click();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('[data-testid=col-result]')?.dataset.total === '0' &&
        document.querySelectorAll('[data-testid=col-row]').length === 0,
    );
    await close();
  });

  it('opening a report needs the dashboard permission: registration staff go back to the list', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'register');
    const list = new WorklistPage(page);
    await list.waitForResults();
    expect(await page.getByTestId('row-favourite').count()).toBeGreaterThan(0);
    await page.getByTestId('row-open-report').first().click();
    await page.waitForURL((u) => u.hash === '#/orderList');
    await close();
  });
});

describe('administration', () => {
  it('the password error list shows failures; the administrator deletes an entry', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${e2e.platform.origin}/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'doctor2', password: 'Wrong@1234', logon_type: 'PC' }).toString(),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin');
    await shell.menuItem('system').click();
    await shell.menuItem('pwdErrorList').click();
    const row = page.locator('[data-testid=pwd-row][data-key=doctor2]');
    await row.waitFor();
    expect(await row.getByTestId('pwd-count').textContent()).toBe('2');

    await row.getByTestId('pwd-delete').click();
    await clickWhenOpen(page.locator('.ant-popconfirm .ant-btn-dangerous'));
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('pwd-refresh').click();
    await page.waitForSelector('[data-testid=pwd-result][data-fetching=false]');
    expect(await row.count()).toBe(0);
    await close();
  });

  it('a doctor cannot open the password error list', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    expect(await shell.menuItem('pwdErrorList').count()).toBe(0);
    await page.goto(`${e2e.platform.appUrl}#/pwdErrorList`);
    await page.waitForURL((u) => u.hash === '#/orderList');
    await close();
  });
});
