import { describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ListScreen } from '../pages/list-page';
import { clickWhenOpen } from '../pages/dialogs';
import { ReportWritePage } from '../pages/report-write-page';

const PATIENT = 'E2E-IE-1';
/** Study A: series 1 (two images) and series 2 (one, sent under A by mistake); study B: one series. */
const A = uid(61);
const B = uid(62);
/** Study C: the same person registered again under another ID. */
const C = uid(63);
const PATIENT2 = 'E2E-IE-2';

async function uploadStudies(e2e: E2e): Promise<void> {
  const { origin } = e2e.platform;
  const login = await fetch(`${origin}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Admin@123', logon_type: 'PC' }),
  });
  const { token } = (await login.json()) as { token: string };
  const img = (study: string, series: number, n: number, accession: string, patientId = PATIENT) => ({
    name: `${study}-${series}-${n}.dcm`,
    data: buildDicom({
      study,
      series: `${study}.${series}`,
      sop: `${study}.${series}.${n}`,
      seriesNumber: series,
      instanceNumber: n,
      seriesDesc: `Series ${series}`,
      rows: 64,
      cols: 64,
      patientId,
      patientName: 'Zhao^Liu=赵^六',
      charset: 'GB18030',
      accession,
    }),
  });
  const files = [
    img(A, 1, 1, 'ACC-A'),
    img(A, 1, 2, 'ACC-A'),
    img(A, 2, 1, 'ACC-A'),
    img(B, 1, 1, 'ACC-B'),
    img(C, 1, 1, 'ACC-C', PATIENT2),
  ];
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(files))]), 'studies.zip');
  const r = await fetch(`${origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(5);
}

const e2e = useE2e(uploadStudies);

describe('image edit', () => {
  it('moves a series to the right study, then merges the rest, from image management', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    try {
      await page.goto(`${e2e.platform.appUrl}#/orderImage?patient_id=${PATIENT}&pageNumber=1`);
      await new ListScreen(page, 'oi').waitForResults({ query: `patient_id=${PATIENT}`, min: 2 });
      await page.locator(`[data-testid=oi-row][data-study="${A}"]`).getByTestId('il-row-edit').click();
      const series = page.getByTestId('ie-series').locator('tbody tr[data-series]');
      await expect.poll(() => series.count(), { timeout: 15_000 }).toBe(2);
      const target = page.locator(`[data-testid=ie-candidates] tr[data-study="${B}"]`);
      await target.waitFor();
      await page.locator(`tr[data-series="${A}.2"] .ant-checkbox-input`).check();
      await target.locator('.ant-radio-input').check();
      await shot(page, 'image-edit-zh-CN');
      await page.getByTestId('ie-move').click();
      await clickWhenOpen(page.getByTestId('ie-confirm-ok'));
      await page.locator('.ant-message').getByText('已移动 1 个序列（1 幅图像）').waitFor();
      await expect.poll(() => series.count()).toBe(1);

      await shell.switchLanguage('en-US');
      await page.getByTestId('ie-merge').click();
      await clickWhenOpen(page.getByTestId('ie-confirm-ok'));
      await page.locator('.ant-message').getByText('Merged: 2 images moved').waitFor();
      // Image edit now shows the study they went to: its own series and both of A's.
      await page.waitForURL(new RegExp(`study_iuid=${B.replaceAll('.', '\\.')}`));
      await expect.poll(() => series.count(), { timeout: 15_000 }).toBe(3);
      // Nothing asked for the merged study once it was gone (its lists are not reloaded: no "does not exist").
      expect(await page.locator('.ant-message-error').count()).toBe(0);
      await shot(page, 'image-edit-en-US');
    } finally {
      await close();
    }
  });

  it("the reviewing doctor reaches it from the writing screen's image list", async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      await new ReportWritePage(page).open(e2e.platform.appUrl, B);
      await page.getByTestId('rw-btn-imageList').click();
      await page.getByTestId('il-image-edit').click();
      await page.waitForURL(/#\/imageEdit\?study_iuid=/);
      const series = page.getByTestId('ie-series').locator('tbody tr[data-series]');
      await expect.poll(() => series.count(), { timeout: 15_000 }).toBe(3);
    } finally {
      await close();
    }
  });

  it('merges a patient registered under two IDs: the study keeps its images and takes the other ID', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      await page.goto(`${e2e.platform.appUrl}#/imageEdit?study_iuid=${C}`);
      const source = page.getByTestId('ie-source');
      await source.getByText(PATIENT2).waitFor();
      await page.getByTestId('ie-search').locator('input').fill(PATIENT);
      await page.getByTestId('ie-search').locator('input').press('Enter');
      const target = page.locator(`[data-testid=ie-candidates] tr[data-study="${B}"]`);
      await target.locator('.ant-radio-input').check();
      await page.getByTestId('ie-merge-patient').click();
      const ok = page.getByTestId('ie-confirm-ok');
      await ok.waitFor();
      await page.locator('.ant-modal-confirm-title').getByText(`（编号 ${PATIENT2}）的全部 1 个检查`).waitFor();
      await shot(page, 'image-edit-patient-zh-CN');
      await clickWhenOpen(ok);
      await page.locator('.ant-message').getByText('已合并患者：1 个检查（1 幅图像）').waitFor();
      // The same study, now under the surviving ID; its image stays.
      await source.getByText(PATIENT).waitFor();
      expect(await source.getByText(PATIENT2).count()).toBe(0);
      const series = page.getByTestId('ie-series').locator('tbody tr[data-series]');
      await expect.poll(() => series.count(), { timeout: 15_000 }).toBe(1);
      // Both studies are one patient's now: the patient merge has nothing left to do.
      await page.locator(`[data-testid=ie-candidates] tr[data-study="${B}"] .ant-radio-input`).check();
      await expect.poll(() => page.getByTestId('ie-merge-patient').isDisabled()).toBe(true);
      await shell.switchLanguage('en-US');
      await page.getByTestId('ie-merge-patient').getByText('Merge the patient').waitFor();
      await shot(page, 'image-edit-patient-en-US');
    } finally {
      await close();
    }
  });
});
