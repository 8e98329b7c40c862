import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { clickWhenOpen } from '../pages/dialogs';
import { ReportPrintPage } from '../pages/report-print-page';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();
const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rx-addendum-'));

interface Received {
  status: string;
  identifier: { value: string }[];
  conclusion?: string;
  presentedForm?: { data: string }[];
}
/** A FHIR receiver that keeps every DiagnosticReport POSTed to it. */
const received: Received[] = [];
let server: Server;
let receiverUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received);
      res.writeHead(201).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir/DiagnosticReport`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(tmp, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The text poppler's pdftotext reads from a delivered PDF, without white space. */
async function pdfText(r: Received): Promise<string> {
  const file = path.join(tmp, `${r.identifier[0]!.value}.pdf`);
  writeFileSync(file, Buffer.from(r.presentedForm![0]!.data, 'base64'));
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, '');
}

const OPINION = '右肺上叶磨玻璃结节，建议3个月后复查。';
const ADDENDUM = '复阅2025年CT：该结节当时已存在，大小无变化，考虑良性可能大，建议12个月后复查。';

describe('an addendum to an audited report', () => {
  it('is signed from the writing screen, prints under the original, and reaches the FHIR receiver as amended with both', async () => {
    const admin = await apiToken(e2e.platform, 'admin');
    await apiPost(e2e.platform, admin, '/config/save', { name: 'report_fhir_url', value: receiverUrl });
    const auditor = await apiToken(e2e.platform, 'auditor');
    const [target] = await studiesWithStatus(e2e.platform, auditor, 0);
    if (!target) throw new Error('no unwritten study');
    const original = await writeAndAudit(e2e.platform, target.study_iuid, {
      findings: '右肺上叶见磨玻璃结节。',
      opinion: OPINION,
    });
    const rptPk = original.reports[0]!.rpt_pk!;
    const final = await until('the audit delivered', () =>
      received.find((r) => r.status === 'final' && r.conclusion === OPINION),
    );

    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      const rw = new ReportWritePage(page);
      await rw.open(e2e.platform.appUrl, target.study_iuid);
      await rw.button('addendum').click();
      await page.getByTestId('rw-addendum-text').fill(ADDENDUM);
      await shot(page, 'report-addendum-dialog-zh-CN');
      await clickWhenOpen(page.getByTestId('rw-addendum-ok'));
      await page.locator('.ant-message').getByText('补充报告已签发').waitFor();
      // On the screen: the report as it was signed, and the addendum's sheet after it.
      const sheet = page.locator('[data-testid=report-addenda][data-count="1"]');
      await sheet.waitFor();
      expect(await sheet.getByTestId('report-addendum').textContent()).toContain(ADDENDUM);
      expect(await page.getByTestId('report-page').first().textContent()).toContain(OPINION);

      // The print page: the report's pages, then the addendum's sheet.
      const print = new ReportPrintPage(page, e2e.platform.appUrl);
      await ReportPrintPage.stubPrinting(page);
      await print.open({ study_iuid: target.study_iuid, rpt_pk: String(rptPk) });
      await print.waitReady();
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('.rd-page')].map((el) => el.getAttribute('data-testid') ?? ''),
      );
      expect(order).toEqual(['report-page', 'report-addenda']);
      expect(await page.getByTestId('report-addenda').textContent()).toContain(ADDENDUM);
      // The foot of the report's page and the head of the addendum's sheet.
      await page.getByTestId('report-addenda').evaluate((el) => {
        el.scrollIntoView();
        window.scrollBy(0, -420);
      });
      await shot(page, 'report-addendum-print-zh-CN');
      await rw.open(e2e.platform.appUrl, target.study_iuid);
      await shell.switchLanguage('en-US');
      await rw.button('addendum').click();
      await page.locator('.ant-modal-title').getByText('Addendum 2').waitFor();
      await shot(page, 'report-addendum-en-US');
    } finally {
      await close();
    }

    // The receiver: the original once as final, then the amended report with both, its PDF holding both.
    const amended = await until('the amended delivery', () => received.find((r) => r.status === 'amended'));
    expect(received.filter((r) => r.status === 'final')).toEqual([final]);
    expect(amended.conclusion).toContain(OPINION);
    expect(amended.conclusion).toContain(ADDENDUM);
    expect(amended.identifier[0]!.value).not.toBe(final.identifier[0]!.value);
    const text = await pdfText(amended);
    expect(text).toContain(OPINION);
    expect(text).toContain(ADDENDUM.replace(/\s+/g, ''));
    expect(text.indexOf(OPINION)).toBeLessThan(text.indexOf(ADDENDUM.slice(0, 10)));
    // The original's PDF, as delivered first, is untouched.
    expect(await pdfText(final)).not.toContain(ADDENDUM.slice(0, 10));
  }, 180_000);
});
