import { describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ListScreen } from '../pages/list-page';
import { WorklistPage } from '../pages/worklist-page';
import { clickWhenOpen } from '../pages/dialogs';

const PATIENT = 'E2E-RB-1';
const STUDY = uid(51);

/** A two-image CT of H001 for the patient, uploaded as the super administrator. */
async function uploadStudy(e2e: E2e): Promise<void> {
  const { origin } = e2e.platform;
  const login = await fetch(`${origin}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Admin@123', logon_type: 'PC' }),
  });
  const { token } = (await login.json()) as { token: string };
  const img = (n: number) => ({
    name: `${n}.dcm`,
    data: buildDicom({
      study: STUDY,
      series: `${STUDY}.1`,
      sop: `${STUDY}.1.${n}`,
      instanceNumber: n,
      rows: 64,
      cols: 64,
      patientId: PATIENT,
      patientName: 'Wang^Wu=王^五',
      charset: 'GB18030',
    }),
  });
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf([img(1), img(2)]))]), 'study.zip');
  const r = await fetch(`${origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(2);
}

const e2e = useE2e(uploadStudy);

describe('recycle bin', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`deletes a study from the worklist with a reason, finds it in the bin and restores it (${locale})`, async () => {
      const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
      const zh = locale === 'zh-CN';
      try {
        if (!zh) await shell.switchLanguage('en-US');
        const wl = new WorklistPage(page);
        await page.goto(`${e2e.platform.appUrl}#/orderList?patient_id=${PATIENT}&pageNumber=1`);
        await wl.waitForResults({ query: PATIENT, min: 1 });
        expect(await wl.total()).toBe(1);
        await wl.rows().first().getByTestId('row-more').click();
        await page.getByTestId('row-delete-study').click();

        // the reason is required
        const reason = page.getByTestId('delete-study-reason');
        await clickWhenOpen(page.getByTestId('delete-study-ok'));
        await page
          .getByText(zh ? '请填写删除原因（2 至 256 个字）' : 'Give the reason (2 to 256 characters)')
          .waitFor();
        const why = zh ? '重复登记，患者信息有误' : 'registered twice, wrong patient details';
        await reason.fill(why);
        await shot(page, `recycle-delete-dialog-${locale}`);
        await page.getByTestId('delete-study-ok').click();
        await page.getByText(zh ? '检查已移入回收站' : 'Study moved to the recycle bin').waitFor();
        await wl.waitForResults({ query: PATIENT, min: 0 });
        await expect.poll(() => wl.total()).toBe(0);

        // the bin lists it with the reason
        await page.goto(`${e2e.platform.appUrl}#/recycle?patient_id=${PATIENT}&pageNumber=1`);
        const bin = new ListScreen(page, 'rb');
        await bin.waitForResults({ query: PATIENT, min: 1 });
        expect(await bin.total()).toBe(1);
        expect(await bin.cellTexts('rb-row-reason')).toEqual([why]);
        // the reviewing doctor restores; deleting for good is the super administrator's
        expect(await bin.rows().first().getByTestId('rb-row-purge').count()).toBe(0);
        await shot(page, `recycle-bin-${locale}`);
        await bin.rows().first().getByTestId('rb-row-restore').click();
        await clickWhenOpen(page.getByTestId('rb-confirm-restore'));
        await page.getByText(zh ? '检查已恢复' : 'Study restored').waitFor();
        await expect.poll(() => bin.total()).toBe(0);

        // back in the worklist, images and all
        await page.goto(`${e2e.platform.appUrl}#/orderList?patient_id=${PATIENT}&pageNumber=1`);
        await wl.waitForResults({ query: PATIENT, min: 1 });
        expect(await wl.total()).toBe(1);
        await shot(page, `recycle-worklist-${locale}`);
      } finally {
        await close();
      }
    });
  }

  it('the super administrator deletes a study of the bin for good', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    try {
      const wl = new WorklistPage(page);
      await page.goto(`${e2e.platform.appUrl}#/orderList?patient_id=${PATIENT}&pageNumber=1`);
      await wl.waitForResults({ query: PATIENT, min: 1 });
      await wl.rows().first().getByTestId('row-more').click();
      await page.getByTestId('row-delete-study').click();
      await page.getByTestId('delete-study-reason').fill('测试数据');
      await clickWhenOpen(page.getByTestId('delete-study-ok'));
      await page.getByText('检查已移入回收站').waitFor();

      await page.goto(`${e2e.platform.appUrl}#/recycle?patient_id=${PATIENT}&pageNumber=1`);
      const bin = new ListScreen(page, 'rb');
      await bin.waitForResults({ query: PATIENT, min: 1 });
      await shot(page, 'recycle-bin-admin-zh-CN');
      await bin.rows().first().getByTestId('rb-row-purge').click();
      await clickWhenOpen(page.getByTestId('rb-confirm-purge'));
      await page.getByText('检查已彻底删除').waitFor();
      await expect.poll(() => bin.total()).toBe(0);
    } finally {
      await close();
    }
  });
});
