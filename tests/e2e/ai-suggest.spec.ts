import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, reportInfo, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();

/** A stand-in AI service speaking the platform's documented contract ({findings...} in, {opinion} out). */
const received: { findings: string }[] = [];
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ opinion: '右肺上叶小结节，建议 6 个月后复查。' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggest`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('with ai_url set, the doctor asks for a suggestion, uses it as the opinion, and nothing is saved until they save', async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  await apiPost(e2e.platform, admin, '/config/update', { name: 'ai_url', value: url });
  const doctor = await apiToken(e2e.platform, 'doctor');
  const [study] = await studiesWithStatus(e2e.platform, doctor, 0);
  const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
  try {
    const rw = new ReportWritePage(page);
    await rw.open(e2e.platform.appUrl, study!.study_iuid);
    await rw.findings().fill('右肺上叶见一约 6mm 实性结节。');
    await page.getByTestId('rw-btn-ai').click();
    await page.getByTestId('rw-ai-suggestion').waitFor();
    expect(await page.getByTestId('rw-ai-suggestion').textContent()).toBe('右肺上叶小结节，建议 6 个月后复查。');
    expect(received.at(-1)?.findings).toBe('右肺上叶见一约 6mm 实性结节。');
    await shot(page, 'ai-suggest-zh-CN');
    await page.getByTestId('rw-ai-accept').click();
    await expect.poll(() => rw.opinion().inputValue()).toBe('右肺上叶小结节，建议 6 个月后复查。');
    const info = await reportInfo(e2e.platform, doctor, study!.study_iuid);
    expect(info.reports[0]?.rpt_status ?? 0).toBe(0);
  } finally {
    await close();
    await apiPost(e2e.platform, admin, '/config/update', { name: 'ai_url', value: '' });
  }
});
