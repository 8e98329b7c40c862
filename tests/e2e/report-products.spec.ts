import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hl7Peer, report, study } from '../../server/src/platform/db/schema';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportProductsPanel } from '../pages/report-products';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();

/** A FHIR receiver that answers 503 while `down` and counts the DiagnosticReports it accepted. */
const receiver = { down: true, accepted: [] as { identifier: { value: string }[] }[], url: '' };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (receiver.down) return void res.writeHead(503).end();
      receiver.accepted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(201).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir/DiagnosticReport`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function until(probe: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('report products', () => {
  it('a failed delivery shows on the report and in the worklist; retry delivers it; the version list opens the archived PDF', async () => {
    const admin = await apiToken(e2e.platform, 'admin');
    await apiPost(e2e.platform, admin, '/config/save', { name: 'report_fhir_url', value: receiver.url });
    const doctor = await apiToken(e2e.platform, 'doctor');
    const [target] = await studiesWithStatus(e2e.platform, doctor, 0);
    if (!target) throw new Error('no unwritten study');
    const opinion = '双肺未见明显异常。';
    await writeAndAudit(e2e.platform, target.study_iuid, { findings: '双肺纹理清晰。', opinion });
    const delivery = () =>
      apiPost<{ status: string }>(e2e.platform, doctor, '/report/delivery', { study_iuid: target.study_iuid });
    await until(async () => (await delivery()).status === 'failed');

    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      await page.getByTestId('cell-delivery-failed').first().waitFor();
      const rw = new ReportWritePage(page);
      await rw.open(e2e.platform.appUrl, target.study_iuid);
      const panel = new ReportProductsPanel(page);
      await panel.waitDelivery('failed');
      expect(await page.getByTestId('rw-delivery-tag').textContent()).toBe('推送失败');
      receiver.down = false;
      await panel.retry().click();
      await panel.waitDelivery('delivered');
      expect(receiver.accepted).toHaveLength(1);
      expect(receiver.accepted[0]!.identifier[0]!.value).toMatch(/^\d+-\d+$/);

      const opened = await panel.openFirstArchivedPdf();
      expect(opened.tab.url()).toMatch(/^blob:/);
      expect([opened.status, opened.type]).toEqual([200, 'application/pdf']);
      // The same address, read again with the doctor's token: the bytes the tab shows.
      const res = await fetch(opened.url, { headers: { authorization: `Bearer ${doctor}` } });
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const versions = await apiPost<{ rpt_status: number; pdf_sha256: string | null }[]>(
        e2e.platform,
        doctor,
        '/report/versions',
        { study_iuid: target.study_iuid },
      );
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(versions.find((v) => v.rpt_status === 2)?.pdf_sha256);
    } finally {
      await close();
    }
  }, 180_000);

  it('a third-party report: the version list has one entry, it opens the report’s own PDF, and it cannot be shared', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const served: string[] = [];
    const other = createServer((req, res) => {
      served.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'inline' }).end(pdf);
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const pdfUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/reports/third-party.pdf`;
    const doctor = await apiToken(e2e.platform, 'doctor');
    const [target] = await studiesWithStatus(e2e.platform, doctor, 0);
    if (!target) throw new Error('no unwritten study');
    // As another system leaves it: audited there, its PDF at its own address.
    const { db } = e2e.platform.deps;
    const [st] = await db.select({ pk: study.pk }).from(study).where(eq(study.study_iuid, target.study_iuid));
    const thirdParty = { rpt_status: 2, third_party_pdf: pdfUrl, sh_doctor: '外院医生', sh_datetime: new Date() };
    await db
      .insert(report)
      .values({ study_pk: st!.pk, rpt_position: 1, ...thirdParty })
      .onConflictDoUpdate({ target: [report.study_pk, report.rpt_position], set: thirdParty });

    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      const rw = new ReportWritePage(page);
      await rw.open(e2e.platform.appUrl, target.study_iuid);
      const opened = await new ReportProductsPanel(page).openThirdPartyPdf();
      expect([opened.entries, opened.href]).toEqual([1, pdfUrl]);
      await opened.tab.waitForURL(pdfUrl);
      expect(served).toContain('/reports/third-party.pdf');
      expect(await page.getByTestId('rw-version').count()).toBe(0);
      // its own PDF is not ours to share with the patient
      expect(await page.getByTestId('rw-btn-share').isDisabled()).toBe(true);
    } finally {
      await close();
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it("the HIS result: an audit's ORU^R01 reaches python-hl7's receiver and the report shows it delivered, then withdrawn", async () => {
    const receiver = spawn('/usr/bin/python3', ['tests/support/hl7-receiver.py', '0', 'gb18030', '/nonexistent'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const received: string[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      receiver.once('exit', (code) => reject(new Error(`hl7-receiver.py exited ${code}: apt-get install python3-hl7`)));
      createInterface({ input: receiver.stdout! }).on('line', (l) => {
        if (l.startsWith('listening ')) resolve(Number(l.split(' ')[1]));
        else received.push((JSON.parse(l) as { type: string }).type);
      });
    });
    const { db } = e2e.platform.deps;
    const [peer] = await db
      .insert(hl7Peer)
      .values({
        name: 'HIS results (e2e)',
        hospital_code: 'H001',
        address: '10.0.0.2',
        facility: 'HIS',
        charset: 'GB 18030-2000',
        result_host: '127.0.0.1',
        result_port: port,
      })
      .returning({ pk: hl7Peer.pk });
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      const auditor = await apiToken(e2e.platform, 'auditor');
      const [target] = await studiesWithStatus(e2e.platform, auditor, 0);
      if (!target) throw new Error('no unwritten study');
      const info = await writeAndAudit(e2e.platform, target.study_iuid, {
        findings: '双肺纹理清晰。',
        opinion: '双肺未见明显异常。',
      });
      await new ReportWritePage(page).open(e2e.platform.appUrl, target.study_iuid);
      const his = page.locator('[data-testid=rw-his][data-status=delivered]');
      await his.waitFor({ timeout: 30_000 });
      expect(await his.textContent()).toBe('HIS 结果（HL7）已推送');
      expect(received).toEqual(['ORU^R01^ORU_R01']);
      await shot(page, 'report-his-result-zh-CN');
      // Cancel-audit withdraws the result: the tag says so once the receiver has it.
      await apiPost(e2e.platform, auditor, '/report/cancelAudit', {
        study_iuid: target.study_iuid,
        version: info.reports[0]!.version,
      });
      await page.reload();
      await shell.switchLanguage('en-US');
      const back = page.locator('[data-testid=rw-his][data-kind=cancel][data-status=delivered]');
      await back.waitFor({ timeout: 30_000 });
      expect(await back.textContent()).toBe('HIS result (HL7)Delivered · withdrawal');
      await shot(page, 'report-his-result-en-US');
    } finally {
      await close();
      receiver.kill();
      await db.delete(hl7Peer).where(eq(hl7Peer.pk, peer!.pk));
    }
  }, 120_000);
});
