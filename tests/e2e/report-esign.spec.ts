import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospital, reportSignature } from '../../server/src/platform/db/schema';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { bindCertificate } from '../fixtures/cert-binding';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken, reportInfo } from '../fixtures/report-api';
import { USERS } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { createSoftHsm, type SoftHsm, type SoftToken } from '../fixtures/softhsm';
import { LoginPage } from '../pages/login-page';
import { ReportPrintPage } from '../pages/report-print-page';
import { ReportWritePage } from '../pages/report-write-page';
import { ShellPage } from '../pages/shell-page';
import { clickWhenOpen } from '../pages/dialogs';

/**
 * Issue 37 in the browser: the auditor audits, the PIN dialog asks the USB key (SoftHSM2, through the real
 * agent) to sign what is audited, the report shows its verification code, and anyone checks it at /verify.
 */
const e2e = useE2e();
let hsm: SoftHsm;
let agent: TestAgent;
let key: SoftToken;

beforeAll(async () => {
  hsm = await createSoftHsm();
  agent = await startTestAgent({
    softhsmConf: hsm.conf,
    config: { allowedOrigins: [e2e.platform.origin], pkcs11: { module: hsm.module, pollMs: 200 } },
  });
  key = await hsm.createToken({ label: 'AUDITOR', kind: 'rsa', pin: '246810', subject: '/CN=李主任/O=第一人民医院' });
  await bindCertificate(e2e.platform, agent, 'auditor', key);
  await e2e.platform.deps.db.update(hospital).set({ esign: 1 }).where(eq(hospital.code, 'H001'));
});
afterAll(async () => {
  await e2e.platform.deps.db.update(hospital).set({ esign: 0 }).where(eq(hospital.code, 'H001'));
  await agent?.stop();
  await hsm?.cleanup();
});

/** The auditor signed in, in a browser profile whose web app talks to this test's agent. */
async function auditorWithAgent(lang?: 'en-US'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
  await context.addInitScript(
    ([url, locale]) => {
      localStorage.setItem('rxpacs.agentUrl', url!);
      if (locale) localStorage.setItem('rxpacs.locale', locale);
    },
    [`http://127.0.0.1:${agent.port}`, lang ?? ''],
  );
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  await login.signIn(USERS.auditor[0], USERS.auditor[1]);
  await new ShellPage(page).waitReady();
  return { page, close: () => context.close() };
}

/** A study of H001 with the doctor's saved report, waiting for audit. */
async function savedStudy(): Promise<string> {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const list = await apiPost<{ list: { study_iuid: string; modality: string }[] }>(
    e2e.platform,
    doctor,
    '/api/order/OrderList',
    { rpt_status: [0], pageSize: 50 },
  );
  const s = list.list.find((x) => x.modality === 'CT') ?? list.list[0]!;
  const info = await reportInfo(e2e.platform, doctor, s.study_iuid);
  await apiPost(e2e.platform, doctor, '/report/save', {
    study_iuid: s.study_iuid,
    version: info.reports[0]!.version,
    rpt_good_status: 2,
    study_desc: info.study.study_desc || '胸部CT平扫',
    report_text1: '右肺上叶尖段见一直径约 8 mm 实性结节，边界清晰，纵隔未见肿大淋巴结。',
    report_text2: '右肺上叶实性小结节，建议 6 个月后复查。',
    RemoveCheck: true,
  });
  return s.study_iuid;
}

describe('audit signed with the USB key', () => {
  it('asks for the PIN, signs exactly what is audited, and the code checks out at /verify for anyone', async () => {
    const studyIuid = await savedStudy();
    let sig: typeof reportSignature.$inferSelect | undefined;
    const { page, close } = await auditorWithAgent();
    try {
      const w = new ReportWritePage(page);
      await w.open(e2e.platform.appUrl, studyIuid);
      await w.button('audit').click();
      const dialog = page.getByTestId('esign-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('esign-summary').innerText()).toContain('右肺上叶实性小结节');
      await shot(page, 'report-esign-pin-zh-CN');
      await page.getByTestId('esign-pin').fill('111111');
      await page.getByTestId('esign-submit').click();
      await page.getByTestId('esign-error').waitFor();
      expect(await page.getByTestId('esign-error').innerText()).toMatch(/PIN/);
      await page.getByTestId('esign-pin').fill(key.pin);
      await page.getByTestId('esign-submit').click();
      await w.waitStatus(2);
      const [stored] = (await e2e.platform.deps.db.select().from(reportSignature)).filter((r) =>
        r.document.includes(studyIuid),
      );
      sig = stored;
      expect(sig).toMatchObject({ role: 'audit', username: 'auditor' });
      const code = sig!.verify_code.match(/.{4}/g)!.join('-');

      // The printed report carries the code and a QR code of the verify page.
      await ReportPrintPage.stubPrinting(page);
      const print = new ReportPrintPage(page, e2e.platform.appUrl);
      await print.open({ study_iuid: studyIuid });
      await print.waitReady();
      expect(await page.getByTestId('report-esign-code').innerText()).toBe(code);
      expect(await page.locator('[data-testid=report-esign] svg').count()).toBe(1);
      await page.getByTestId('report-esign').scrollIntoViewIfNeeded();
      await shot(page, 'report-esign-print-zh-CN');
    } finally {
      await close();
    }

    // Anyone, not signed in, with the code from the paper.
    const { context, page: anyone } = await newPage(e2e.browser, { width: 1440, height: 900 });
    try {
      await anyone.goto(`${e2e.platform.appUrl}#/verify?code=${sig!.verify_code.match(/.{4}/g)!.join('-')}`);
      const result = anyone.getByTestId('verify-result');
      await result.waitFor();
      expect(await result.getAttribute('data-status')).toBe('valid');
      expect(await result.innerText()).toContain('李主任');
      await shot(anyone, 'verify-valid-zh-CN');
      // In English, a code typed by hand in lower case with spaces, and one nobody issued.
      await anyone.evaluate(() => localStorage.setItem('rxpacs.locale', 'en-US'));
      await anyone.goto(`${e2e.platform.appUrl}#/verify`);
      await anyone.reload();
      await anyone.getByTestId('verify-code').fill(sig!.verify_code.toLowerCase().match(/.{4}/g)!.join(' '));
      await anyone.getByTestId('verify-submit').click();
      await result.waitFor();
      expect(await result.innerText()).toContain('Signature valid');
      await shot(anyone, 'verify-valid-en-US');
      await anyone.getByTestId('verify-code').fill('0000-0000-0000-0000');
      await anyone.getByTestId('verify-submit').click();
      await anyone.getByTestId('verify-error').waitFor();
      expect(await anyone.getByTestId('verify-error').innerText()).toMatch(/No electronically signed report/);
    } finally {
      await context.close();
    }
  });

  it('lets the auditor go on unsigned where the hospital makes it optional', async () => {
    const studyIuid = await savedStudy();
    const { page, close } = await auditorWithAgent('en-US');
    try {
      const w = new ReportWritePage(page);
      await w.open(e2e.platform.appUrl, studyIuid);
      await w.button('audit').click();
      await page.getByTestId('esign-dialog').waitFor();
      await shot(page, 'report-esign-pin-en-US');
      await clickWhenOpen(page.getByTestId('esign-unsigned'));
      await w.waitStatus(2);
      // Where the hospital uses signatures, the report says it was not signed.
      await page.getByTestId('report-esign-none').waitFor();
    } finally {
      await close();
    }
    const auditor = await apiToken(e2e.platform, 'auditor');
    const info = await apiPost<{ reports: { esign: unknown }[] }>(e2e.platform, auditor, '/report/info', {
      study_iuid: studyIuid,
    });
    expect(info.reports[0]!.esign).toBeNull();
  });
});
