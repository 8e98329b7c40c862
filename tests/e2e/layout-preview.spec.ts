import { expect, it } from 'vitest';
import type { LayoutRow } from '@shared/schemas/layout';
import type { TemplateElement } from '@shared/schemas/report';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';

const e2e = useE2e();

/** A jfield and a table whose total cell is a formula over fixed cells: both must show in the preview. */
const ELEMENTS: TemplateElement[] = [
  { tag: 'textContent', uuid: 'title', text: 'E2E 预览版式', style: { textAlign: 'center', fontSize: 22 } },
  { tag: 'input', uuid: 'name', jfield: 'patient_name', style: { width: '40%' } },
  {
    tag: 'table',
    uuid: 'sizes',
    data: {
      rows: [
        [{ text: '长' }, { text: '宽' }, { text: '合计' }],
        [{ text: '12' }, { text: '30' }, { formula: 'A2+B2' }],
      ],
    },
  },
  { tag: 'textarea', uuid: 'findings', jfield: 'report_text1' },
];

it('/tempPreview draws a layout with a chosen study exactly as the print page: bound fields and computed cells', async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  const audited = await apiPost<{
    list: { study_iuid: string; patient_name: string; modality: string; hospital_code: string }[];
  }>(e2e.platform, admin, '/api/order/OrderList', { rpt_status: [2], sn: 'H001', pageNumber: 1, pageSize: 20 });
  const study = audited.list[0]!;
  const layout = await apiPost<LayoutRow>(e2e.platform, admin, '/layout/save', {
    hospital_code: 'H001',
    modality: study.modality,
    name: 'E2E 预览版式',
    elements: ELEMENTS,
  });
  const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
  try {
    await page.goto(`${e2e.platform.appUrl}#/tempPreview?pk=${layout.pk}`);
    await page.getByTestId('tp-pick').waitFor();
    expect(await page.getByTestId('tp-name').textContent()).toContain('E2E 预览版式');
    // choose the study from the recent ones of the layout's hospital and modality
    await page.getByTestId('tp-study').click();
    await page.locator('.ant-select-item-option').filter({ hasText: study.patient_name }).first().click();
    await page.waitForURL((u) => u.hash.includes('study_iuid='));
    const doc = page.getByTestId('report-document');
    await doc.waitFor();
    await expect.poll(() => doc.textContent()).toContain('42');
    expect(decodeURIComponent(page.url())).toContain(study.study_iuid);

    // the address alone opens the same preview
    await page.goto(`${e2e.platform.appUrl}#/tempPreview?pk=${layout.pk}&study_iuid=${study.study_iuid}`);
    await doc.waitFor();
    const text = (await doc.textContent()) ?? '';
    expect(text).toContain('E2E 预览版式');
    expect(text).toContain('42');
    expect(text).toContain(study.patient_name); // the bound field, drawn as the print page draws it
    await shot(page, 'temp-preview-zh-CN');

    // in English: the page's own words follow, the layout's content stays as written
    await page.goto(e2e.platform.appUrl);
    await shell.switchLanguage('en-US');
    await page.goto(`${e2e.platform.appUrl}#/tempPreview?pk=${layout.pk}&study_iuid=${study.study_iuid}`);
    await doc.waitFor();
    expect(await page.getByTestId('tp-print').textContent()).toContain('Print');
    expect(await doc.textContent()).toContain('E2E 预览版式');
    await shot(page, 'temp-preview-en-US');
  } finally {
    await close();
    await apiPost(e2e.platform, admin, '/layout/delete', { pk: layout.pk });
  }
});

it("preview from the layout list opens a new tab with this tab's session (not the sign-in page) and draws the layout with a study, in both languages", async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  const audited = await apiPost<{
    list: { study_iuid: string; patient_name: string; modality: string }[];
  }>(e2e.platform, admin, '/api/order/OrderList', { rpt_status: [2], sn: 'H001', pageNumber: 1, pageSize: 20 });
  const study = audited.list[0]!;
  const layout = await apiPost<LayoutRow>(e2e.platform, admin, '/layout/save', {
    hospital_code: 'H001',
    modality: study.modality,
    name: 'E2E 新标签预览',
    elements: ELEMENTS,
  });
  const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
  try {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      if (lang === 'en-US') await shell.switchLanguage('en-US');
      await page.goto(`${e2e.platform.appUrl}#/system/layout`);
      const row = page.locator(`[data-testid=layout-row][data-pk="${layout.pk}"]`);
      await row.waitFor();
      const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('layout-preview').click()]);
      // signed in: the study picker, not "sign in first"
      await tab.locator('[data-testid=tp-pick], [data-testid=tp-sign-in]').first().waitFor();
      expect(await tab.getByTestId('tp-sign-in').count()).toBe(0);
      // the session came with the tab, not in its address; the tab cannot reach back into the list's tab
      expect(new URL(tab.url()).hash).toBe(`#/tempPreview?pk=${layout.pk}`);
      expect(await tab.evaluate(() => window.opener)).toBeNull();

      await tab.getByTestId('tp-study').click();
      await tab.locator('.ant-select-item-option').filter({ hasText: study.patient_name }).first().click();
      const doc = tab.getByTestId('report-document');
      await doc.waitFor();
      await expect.poll(() => doc.textContent()).toContain('42');
      const text = (await doc.textContent()) ?? '';
      expect(text).toContain('E2E 预览版式');
      expect(await tab.getByTestId('tp-name').textContent()).toContain('E2E 新标签预览');
      expect(text).toContain(study.patient_name);
      expect(await tab.getByTestId('tp-print').textContent()).toContain(lang === 'zh-CN' ? '打印' : 'Print');
      await shot(tab, `temp-preview-new-tab-${lang}`);
      await tab.close();
    }
  } finally {
    await close();
    await apiPost(e2e.platform, admin, '/layout/delete', { pk: layout.pk });
  }
});

it('/tempPreview without a session asks to sign in', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.platform.appUrl}#/tempPreview?pk=1`);
  await page.getByTestId('tp-sign-in').waitFor();
  await context.close();
});

it('/printApply/{id} says the print template is missing until an application-form layout exists, then prints the study on it', async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  const doctor = await apiToken(e2e.platform, 'doctor');
  const open = await apiPost<{ list: { study_iuid: string; patient_name: string; hospital_code: string }[] }>(
    e2e.platform,
    doctor,
    '/api/order/OrderList',
    { rpt_status: [0], pageNumber: 1, pageSize: 20 },
  );
  const study = open.list.find((s) => s.hospital_code === 'H001')!;
  const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
  let pk = 0;
  try {
    const url = `${e2e.platform.appUrl}#/printApply/${encodeURIComponent(study.study_iuid)}`;
    await page.goto(url);
    await page.getByTestId('apply-missing').waitFor();
    expect(await page.getByTestId('apply-missing').textContent()).toContain('无法获取打印模板，请联系管理员');
    await shot(page, 'print-apply-missing-zh-CN');
    const form = await apiPost<LayoutRow>(e2e.platform, admin, '/layout/save', {
      hospital_code: 'H001',
      kind: 'apply',
      name: 'E2E 检查申请单',
      elements: [
        { tag: 'textContent', uuid: 'title', text: '影像检查申请单', style: { textAlign: 'center', fontSize: 22 } },
        { tag: 'input', uuid: 'name', jfield: 'patient_name' },
      ],
    });
    pk = form.pk;
    // a draft until activated
    await apiPost(e2e.platform, admin, '/layout/activate', { pk, version: 0 });
    await page.reload();
    const doc = page.getByTestId('report-document');
    await doc.waitFor();
    const text = (await doc.textContent()) ?? '';
    expect(text).toContain('影像检查申请单');
    expect(text).toContain(study.patient_name);
    await shot(page, 'print-apply-zh-CN');

    await page.goto(e2e.platform.appUrl);
    await shell.switchLanguage('en-US');
    await page.goto(url);
    await doc.waitFor();
    expect(await page.getByTestId('apply-print').textContent()).toContain('Print');
    await shot(page, 'print-apply-en-US');
    await apiPost(e2e.platform, admin, '/layout/delete', { pk });
    pk = 0;
    await page.reload();
    await page.getByTestId('apply-missing').waitFor();
    expect(await page.getByTestId('apply-missing').textContent()).toContain('Cannot obtain the print template');
    await shot(page, 'print-apply-missing-en-US');
  } finally {
    await close();
    if (pk) await apiPost(e2e.platform, admin, '/layout/delete', { pk });
  }
});
