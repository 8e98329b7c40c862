import { expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken, patientShareLink } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();

it('/patientInfo warns before any call, lists a demo patient’s exams with the code printed on their report, and opens it read-only', async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const rows = await apiPost<{
    list: { study_iuid: string; patient_id: string; card_no: string; hospital_code: string }[];
  }>(e2e.platform, doctor, '/api/order/OrderList', { rpt_status: [2], pageNumber: 1, pageSize: 50 });
  const exam = rows.list.find((r) => r.hospital_code === 'H001')!;
  // The code the patient has on paper: the report prints it (the default layout's foot).
  const { study } = await apiPost<{ study: { lookup_code: string } }>(e2e.platform, doctor, '/report/info', {
    study_iuid: exam.study_iuid,
  });
  const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
  await page.goto(`${e2e.platform.appUrl}#/patientInfo?hospital_code=H001`);
  await page.getByTestId('pl-incomplete').waitFor();
  expect(await page.getByTestId('pl-search').isDisabled()).toBe(true);
  await page.getByTestId('pl-patient_id').fill(exam.patient_id);
  // The spec's fields are complete, the code is not: still no call.
  expect(await page.getByTestId('pl-search').isDisabled()).toBe(true);
  expect(await page.getByTestId('pl-incomplete').textContent()).toContain('查询码');
  await page.getByTestId('pl-lookup_code').fill(study.lookup_code.toLowerCase());
  await page.getByTestId('pl-search').click();
  await page.locator('[data-testid="pl-exams"][data-status="ready"]').waitFor();
  expect(new URL(page.url()).hash).not.toContain(study.lookup_code.slice(0, 5));
  await shot(page, 'patient-lookup-zh-CN');
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('pl-view-report').first().click()]);
  await tab.getByTestId('print-root').waitFor();
  expect(await tab.getByTestId('print-root').textContent()).toContain(study.lookup_code);
  await context.close();
});

it('an address naming the patient leaves the cursor in the code field, and Enter after the code searches', async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const rows = await apiPost<{ list: { study_iuid: string; patient_id: string; hospital_code: string }[] }>(
    e2e.platform,
    doctor,
    '/api/order/OrderList',
    { rpt_status: [2], pageNumber: 1, pageSize: 50 },
  );
  const exam = rows.list.find((r) => r.hospital_code === 'H001')!;
  const { study } = await apiPost<{ study: { lookup_code: string } }>(e2e.platform, doctor, '/report/info', {
    study_iuid: exam.study_iuid,
  });
  const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
  try {
    await page.goto(`${e2e.platform.appUrl}#/patientInfo?hospital_code=H001&patient_id=${encodeURIComponent(exam.patient_id)}`); // prettier-ignore
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'pl-lookup_code');
    expect(await page.getByTestId('pl-patient_id').inputValue()).toBe(exam.patient_id);
    // As a scanner or a fast typist on a slow PC: Enter right after the last character (CPU slowed 6x).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.keyboard.type(study.lookup_code);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="pl-exams"][data-status="ready"]').waitFor();
    expect(await page.getByTestId('pl-view-report').count()).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

it('a patient link opens in a fresh context without sign-in and stops working after revoke', async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const link = await patientShareLink(e2e.platform, doctor, 1);
  const fresh = await newPage(e2e.browser);
  await fresh.page.goto(`${e2e.platform.appUrl}#${link.path}`);
  await fresh.page.getByTestId('print-root').waitFor();
  await fresh.context.close();

  await apiPost(e2e.platform, doctor, '/report/shareLink/revoke', { pk: link.pk });
  const after = await newPage(e2e.browser);
  await after.page.goto(`${e2e.platform.appUrl}#${link.path}`);
  await after.page.getByTestId('print-link-invalid').waitFor();
  await after.context.close();
});

it('the writing screen’s "share with patient" makes a link that opens the print view, and revokes it', async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const rows = await apiPost<{ list: { study_iuid: string; hospital_code: string }[] }>(
    e2e.platform,
    doctor,
    '/api/order/OrderList',
    { rpt_status: [2], pageNumber: 1, pageSize: 50 },
  );
  const study = rows.list.filter((r) => r.hospital_code === 'H001')[1]!;
  const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
  const rw = new ReportWritePage(page);
  await rw.open(e2e.platform.appUrl, study.study_iuid);
  await rw.button('share').click();
  const modal = page.getByTestId('share-modal');
  await modal.waitFor();
  await page.getByTestId('share-create').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toContain(`study_iuid=${encodeURIComponent(study.study_iuid)}`);
  expect(url).toMatch(/[?&]share=[A-Za-z0-9_-]{43}/);
  const rowsShown = modal.locator('[data-testid=share-links] tbody tr.ant-table-row');
  await expect.poll(() => rowsShown.count()).toBeGreaterThan(0);

  const patient = await newPage(e2e.browser);
  await patient.page.goto(url);
  await patient.page.getByTestId('print-root').waitFor();

  const pk = (await rowsShown.first().locator('[data-testid^=share-revoke-]').getAttribute('data-testid'))!.slice(
    'share-revoke-'.length,
  );
  await page.getByTestId(`share-revoke-${pk}`).click();
  await page.getByTestId('share-revoke-ok').click();
  await expect.poll(() => modal.locator(`[data-testid=share-revoke-${pk}]`).count()).toBe(0);
  await patient.page.reload();
  await patient.page.getByTestId('print-link-invalid').waitFor();
  await patient.context.close();
  await close();
});
