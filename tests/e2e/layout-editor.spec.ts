import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { LayoutRow } from '@shared/schemas/layout';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';

const e2e = useE2e();

/** Screens for a person to look at, when E2E_SHOTS_DIR names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** An option of the select just opened (a closing dropdown may still be on the page). */
const option = (page: Page, title: string) =>
  page
    .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`)
    .last();

async function pickOption(page: Page, testId: string, title: string) {
  await page.getByTestId(testId).click();
  await option(page, title).click();
}

it('a hospital administrator builds a layout with a bound field and a table formula, saves it, and saves a new version', async () => {
  const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'hadmin', { width: 1440, height: 900 });
  try {
    await page.goto(`${e2e.platform.appUrl}#/system/layout`);
    await page.getByTestId('layout-list').waitFor();
    await page.getByTestId('layout-new').click();
    const drawer = page.getByTestId('le-drawer');
    await page.getByTestId('le-name').fill('E2E 甲状腺版式');
    await pickOption(page, 'le-modality', 'US');

    // a text, a field bound to the patient's name, a table whose third column adds the first two
    await page.getByTestId('le-add-textContent').click();
    await page.getByTestId('le-text').fill('甲状腺测量');
    await page.getByTestId('le-add-input').click();
    await page.locator('[data-testid=le-jfield] input').fill('patient_name');
    await page.getByTestId('le-add-table').click();
    await page.getByTestId('le-add-col').click();
    await page.locator('[data-testid=le-cell-A2] [data-testid=le-cell-text]').fill('12');
    await page.locator('[data-testid=le-cell-B2] [data-testid=le-cell-kind]').click();
    await option(page, '文字').click(); // a fixed label
    await page.locator('[data-testid=le-cell-B2] [data-testid=le-cell-text]').fill('30');
    await page.locator('[data-testid=le-cell-C2] [data-testid=le-cell-kind]').click();
    await option(page, '公式').click();
    await page.locator('[data-testid=le-cell-C2] [data-testid=le-cell-formula]').fill('A2+B2');

    // the page draws it live, with the made-up study
    const pageView = page.getByTestId('le-page');
    await expect.poll(() => pageView.textContent()).toContain('42');
    expect(await pageView.textContent()).toContain('张三');
    expect(await pageView.textContent()).toContain('甲状腺测量');

    // undo takes the formula back, redo brings it again
    await page.getByTestId('le-undo').click();
    await expect.poll(async () => (await pageView.textContent())?.includes('42')).toBe(false);
    await page.getByTestId('le-redo').click();
    await expect.poll(() => pageView.textContent()).toContain('42');
    await shot(page, 'layout-editor-zh-CN');

    await page.getByTestId('le-save').click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.locator('[data-testid=layout-row][data-name="E2E 甲状腺版式"]');
    await row.waitFor();

    const admin = await apiToken(e2e.platform, 'admin');
    const rows = await apiPost<LayoutRow[]>(e2e.platform, admin, '/layout/list', { hospital_code: 'H001' });
    const saved = rows.find((r) => r.name === 'E2E 甲状腺版式')!;
    expect(saved).toMatchObject({ hospital_code: 'H001', modality: 'US', version: 1 });
    const layout = await apiPost<{ elements: unknown[] }>(e2e.platform, admin, '/layout/get', { pk: saved.pk });
    const stored = JSON.stringify(layout.elements);
    expect(stored).toContain('"jfield":"patient_name"');
    expect(stored).toContain('"formula":"A2+B2"');

    // edit again: the next version
    await row.getByTestId('layout-edit').click();
    await page.getByTestId('le-name').waitFor();
    await page.locator('[data-testid=le-node][data-tag=textContent]').first().click();
    await page.getByTestId('le-text').fill('甲状腺测量（新）');
    await page.getByTestId('le-save').click();
    await expect
      .poll(
        async () =>
          (await apiPost<LayoutRow[]>(e2e.platform, admin, '/layout/list', { hospital_code: 'H001' })).find(
            (r) => r.pk === saved.pk,
          )?.version,
      )
      .toBe(2);
    await page.keyboard.press('Escape');

    await shell.switchLanguage('en-US');
    await page.getByTestId('layout-list').waitFor();
    await shot(page, 'layout-list-en-US');
    await apiPost(e2e.platform, admin, '/layout/delete', { pk: saved.pk });
  } finally {
    await close();
  }
});
