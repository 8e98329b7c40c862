import { expect, it } from 'vitest';
import type { LayoutRow } from '@shared/schemas/layout';
import type { TemplateElement } from '@shared/schemas/report';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';

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
  const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
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
