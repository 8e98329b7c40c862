import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { LayoutRow } from '@shared/schemas/layout';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { clickWhenOpen } from '../pages/dialogs';

const e2e = useE2e();
const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rx-layout-e2e-'));

/** The PDF's text as poppler reads it, without white space. */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, '');
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

/** Activates a layout from its list row, checking what the confirmation says it will change. */
async function activateFromList(row: Locator, says: RegExp, shotName?: string) {
  await row.getByTestId('layout-activate').click();
  const ok = row.page().getByTestId('layout-activate-ok');
  await ok.waitFor();
  expect(await row.page().locator('.ant-modal-confirm-content').last().textContent()).toMatch(says);
  if (shotName) await shot(row.page(), shotName);
  await clickWhenOpen(ok);
  await ok.waitFor({ state: 'hidden' });
}

it('a hospital administrator builds a layout with a bound field and a table formula; a report audited on it is archived with both; a new version of the layout leaves that report as it was', async () => {
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
    // saved, it is a draft no report uses; activating it says how many studies it will draw
    expect(await row.getByTestId('layout-status').getAttribute('data-state')).toBe('draft');
    await activateFromList(row, /尚未审核的 \d+ 份检查/);
    await expect.poll(() => row.getByTestId('layout-status').getAttribute('data-state')).toBe('active');

    const admin = await apiToken(e2e.platform, 'admin');
    const rows = await apiPost<LayoutRow[]>(e2e.platform, admin, '/layout/list', { hospital_code: 'H001' });
    const saved = rows.find((r) => r.name === 'E2E 甲状腺版式')!;
    expect(saved).toMatchObject({ hospital_code: 'H001', modality: 'US', version: 1, active: true });
    const layout = await apiPost<{ elements: unknown[] }>(e2e.platform, admin, '/layout/get', { pk: saved.pk });
    const stored = JSON.stringify(layout.elements);
    expect(stored).toContain('"jfield":"patient_name"');
    expect(stored).toContain('"formula":"A2+B2"');

    // a report written and audited on it: its archived PDF holds the bound field and the computed total
    const doctor = await apiToken(e2e.platform, 'doctor');
    const open = await apiPost<{ list: { study_iuid: string; patient_name: string; hospital_code: string }[] }>(
      e2e.platform,
      doctor,
      '/api/order/OrderList',
      { rpt_status: [0], modalitys: ['US'], pageNumber: 1, pageSize: 20 },
    );
    const study = open.list.find((s) => s.hospital_code === 'H001')!;
    const audited = await writeAndAudit(e2e.platform, study.study_iuid, {
      findings: '甲状腺形态正常。',
      opinion: '甲状腺未见异常。',
    });
    const rptPk = audited.reports[0]!.rpt_pk!;
    const archived = async () => {
      const versions = await apiPost<{ pk: number; rpt_status: number; pdf_sha256: string | null }[]>(
        e2e.platform,
        doctor,
        '/report/versions',
        { study_iuid: study.study_iuid },
      );
      return versions.find((v) => v.rpt_status === 2 && v.pdf_sha256);
    };
    await expect.poll(archived, { timeout: 90_000, interval: 500 }).toBeTruthy();
    const version = (await archived())!;
    const res = await fetch(`${e2e.platform.origin}/report/archive?rpt_pk=${rptPk}&version=${version.pk}`, {
      headers: { authorization: `Bearer ${doctor}` },
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('42');
    expect(text).toContain(study.patient_name.replace(/\s+/g, ''));
    expect(text).toContain('甲状腺测量');

    // edit again: a draft beside version 1, which reports keep until it is activated
    const next = open.list.find((s) => s.hospital_code === 'H001' && s.study_iuid !== study.study_iuid)!;
    const templateOf = (iuid: string) =>
      apiPost<{ template: { pk: number; version: number; elements: unknown[] } }>(
        e2e.platform,
        doctor,
        '/report/info',
        {
          study_iuid: iuid,
        },
      );
    await row.getByTestId('layout-edit').click();
    await page.getByTestId('le-name').waitFor();
    await page.locator('[data-testid=le-node][data-tag=textContent]').first().click();
    await page.getByTestId('le-text').fill('甲状腺测量第二版');
    await page.getByTestId('le-save').click();
    await page.getByText('草稿已保存').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => row.getByTestId('layout-status').getAttribute('data-state')).toBe('changed');
    await shot(page, 'layout-list-draft-zh-CN');
    expect((await templateOf(next.study_iuid)).template.version).toBe(1);
    await activateFromList(row, /尚未审核的 \d+ 份检查/, 'layout-activate-zh-CN');
    await expect.poll(() => row.getByTestId('layout-status').getAttribute('data-state')).toBe('active');
    expect(
      (await apiPost<LayoutRow[]>(e2e.platform, admin, '/layout/list', { hospital_code: 'H001' })).find(
        (r) => r.pk === saved.pk,
      )?.version,
    ).toBe(2);

    // the audited report keeps version 1: its archive is the same file, and printing it again draws v1
    const again = await fetch(`${e2e.platform.origin}/report/archive?rpt_pk=${rptPk}&version=${version.pk}`, {
      headers: { authorization: `Bearer ${doctor}` },
    });
    const same = Buffer.from(await again.arrayBuffer());
    expect(createHash('sha256').update(same).digest('hex')).toBe(version.pdf_sha256);
    const printed = await apiPost<{ pdf: string }>(e2e.platform, doctor, '/report/pdf', {
      study_iuid: study.study_iuid,
    });
    const reprinted = await pdfText(Buffer.from(printed.pdf, 'base64'));
    expect(reprinted).toContain('42');
    expect(reprinted).toContain('甲状腺测量');
    expect(reprinted).not.toContain('第二版');
    // while a report not audited yet is written on version 2
    const info = await templateOf(next.study_iuid);
    expect([info.template.pk, info.template.version]).toEqual([saved.pk, 2]);
    expect(JSON.stringify(info.template.elements)).toContain('第二版');

    await shell.switchLanguage('en-US');
    await page.getByTestId('layout-list').waitFor();
    await shot(page, 'layout-list-en-US');
    await apiPost(e2e.platform, admin, '/layout/delete', { pk: saved.pk });
  } finally {
    await close();
  }
}, 240_000);

it('in English the editor starts elements in English, refuses a layout that breaks a rule before calling the server, undoes from the keyboard, and makes a module only from selected words', async () => {
  const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'hadmin', { width: 1440, height: 900 });
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/layout/save')) saves.push(r.url());
  });
  try {
    await shell.switchLanguage('en-US');
    await page.goto(`${e2e.platform.appUrl}#/system/layout`);
    await page.getByTestId('layout-import').click();
    await page.getByTestId('mrrt-file').waitFor();
    await shot(page, 'mrrt-import-en-US');
    await page.keyboard.press('Escape');
    await page.getByTestId('mrrt-file').waitFor({ state: 'hidden' });
    await page.getByTestId('layout-new').click();
    await page.getByTestId('le-name').fill('E2E rules');
    const pageView = page.getByTestId('le-page');
    // the made-up study is in the editor's language too
    await page.getByTestId('le-add-input').click();
    await page.locator('[data-testid=le-jfield] input').fill('patient_name');
    await expect.poll(() => pageView.textContent()).toContain('John Smith');

    // a new text is in the editor's language; without selected words it cannot become a module
    await page.getByTestId('le-add-textContent').click();
    expect(await page.getByTestId('le-text').inputValue()).toBe('Text');
    await page.getByTestId('le-text').fill('The liver is normal in size.');
    await page.getByTestId('le-make-module').click();
    await page.getByText('Select the words in the text to make a phrase list first').waitFor();
    expect(await page.locator('[data-testid=le-node][data-tag=module]').count()).toBe(0);

    // "normal" selected: a row of the words before, a module offering "normal", the words after
    await page.getByTestId('le-text').evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(13, 19));
    await page.getByTestId('le-make-module').click();
    await page.locator('[data-testid=le-node][data-tag=module]').waitFor();
    expect(await page.getByTestId('le-props').getAttribute('data-uuid')).toMatch(/^module-/);
    await expect.poll(() => pageView.textContent()).toContain('The liver is');
    expect(await pageView.textContent()).toContain('normal');
    expect(await pageView.textContent()).toContain('in size.');

    // Ctrl+Z outside a field takes the split back, Ctrl+Y makes it again
    await pageView.click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid=le-node][data-tag=module]').count()).toBe(0);
    await page.keyboard.press('Control+y');
    await expect.poll(() => page.locator('[data-testid=le-node][data-tag=module]').count()).toBe(1);

    // a fetal range whose minimum is not below its maximum: named in the problem list, and not sent
    await page.getByTestId('le-add-usRange').click();
    const min = page.locator('[data-testid=le-range-min] input, input[data-testid=le-range-min]').first();
    await min.fill('60');
    await min.blur();
    const problems = page.getByTestId('le-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('min must be below max');
    await shot(page, 'layout-editor-en-US');
    await page.getByTestId('le-save').click();
    await page.getByText('Fix the problems shown first').waitFor();
    expect(saves).toEqual([]);
    // put right, it saves
    await min.fill('30');
    await min.blur();
    await problems.waitFor({ state: 'hidden' });
    await page.getByTestId('le-save').click();
    await page.getByTestId('le-drawer').waitFor({ state: 'hidden' });
    expect(saves).toHaveLength(1);

    const admin = await apiToken(e2e.platform, 'admin');
    const saved = (await apiPost<LayoutRow[]>(e2e.platform, admin, '/layout/list', { hospital_code: 'H001' })).find(
      (r) => r.name === 'E2E rules',
    )!;
    const layout = await apiPost<{ elements: unknown[] }>(e2e.platform, admin, '/layout/get', { pk: saved.pk });
    expect(JSON.stringify(layout.elements)).toContain('"tag":"module"');
    expect(JSON.stringify(layout.elements)).toContain('"options":["normal"]');
    await apiPost(e2e.platform, admin, '/layout/delete', { pk: saved.pk });
  } finally {
    await close();
  }
}, 120_000);
