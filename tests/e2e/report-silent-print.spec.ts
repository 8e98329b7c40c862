import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { startCups, type PrivateCups } from '../fixtures/cups';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { USERS } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { ReportPrintPage } from '../pages/report-print-page';
import { ShellPage } from '../pages/shell-page';

/**
 * Silent printing: the print page with print=1 asks the server for the report's PDF (headless Chromium)
 * and hands it to the real agent, which prints it through a private CUPS-PDF queue. No print dialog.
 */
const e2e = useE2e();
let cups: PrivateCups;
let agent: TestAgent;
let audited: { study_iuid: string; patient_name: string; rpt_pk: string };
/** Chromium processes of this test process before the server rendered anything (the test's own browser). */
let ownBrowsers: Set<number>;
const FINDINGS = `静默打印所见：肝脏形态大小正常，实质回声均匀。${Date.now()}`;
const OPINION = '静默打印意见：肝脏未见明显异常。';

/** Chromium main processes started by this test process (the test's browser and the server's). */
function chromiumChildren(): Set<number> {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,comm=']).toString('utf8');
  const pids = out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, ppid, comm]) => Number(ppid) === process.pid && /chrom/i.test(comm ?? ''))
    .map(([pid]) => Number(pid));
  return new Set(pids);
}

beforeAll(async () => {
  cups = await startCups();
  ownBrowsers = chromiumChildren();
  agent = await startTestAgent({
    cupsServer: cups.server,
    config: { allowedOrigins: [e2e.platform.origin], printers: { report: cups.pdfPrinter } },
  });
  const doctor = await apiToken(e2e.platform, 'doctor');
  const [fresh] = await studiesWithStatus(e2e.platform, doctor, 0);
  if (!fresh) throw new Error('the demo data has no unwritten study');
  const info = await writeAndAudit(e2e.platform, fresh.study_iuid, { findings: FINDINGS, opinion: OPINION });
  audited = {
    study_iuid: fresh.study_iuid,
    patient_name: info.study.patient_name,
    rpt_pk: String(info.reports[0]?.rpt_pk),
  };
});

afterAll(async () => {
  await agent?.stop();
  await cups?.stop();
});

/** The doctor signed in on a browser profile whose web app knows the agent's address from the start. */
async function signedInWithAgent() {
  const { context, page } = await newPage(e2e.browser);
  await context.addInitScript((url) => localStorage.setItem('rxpacs.agentUrl', url), `http://127.0.0.1:${agent.port}`);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  await login.signIn(...USERS.doctor);
  await new ShellPage(page).waitReady();
  return { page, close: () => context.close() };
}

describe('silent report printing through the workstation agent', () => {
  it('falls back to the print dialog when the agent cannot print (unknown printer in printerList)', async () => {
    const session = await signedInWithAgent();
    await ReportPrintPage.stubPrinting(session.page);
    const print = new ReportPrintPage(session.page, e2e.platform.appUrl);
    await print.open({
      study_iuid: audited.study_iuid,
      rpt_pk: audited.rpt_pk,
      print: '1',
      printerList: 'no-such-printer',
    });
    await print.waitReady();
    await session.page.waitForFunction(() => window.__closeCalls === 1);
    expect(await print.printCalls()).toEqual([1, 1]);
    expect(await session.page.getByTestId('print-sent').count()).toBe(0);
    await session.close();
  });

  it('sends the server-rendered PDF to the report printer, without the print dialog, and closes', async () => {
    const session = await signedInWithAgent();
    await ReportPrintPage.stubPrinting(session.page);
    const print = new ReportPrintPage(session.page, e2e.platform.appUrl);
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk, print: '1' });
    await print.waitReady();

    // CUPS-PDF printed it: one A4 page with text on it (a failed filter leaves a blank page without fonts).
    const [printed] = await cups.waitForPdfs(1, 60_000);
    const info = execFileSync('pdfinfo', [printed!]).toString('utf8');
    expect(info).toMatch(/Pages:\s+1\b/);
    expect(info).toMatch(/Page size:\s+595(\.\d+)? x 842/);
    const fonts = execFileSync('pdffonts', [printed!]).toString('utf8').trim().split('\n');
    expect(fonts.length).toBeGreaterThan(2);
    // What the agent handed to the queue is the server's PDF: its text (CUPS keeps the job's document in its
    // spool; the printed copy went through PostScript, where Chromium's Type 3 fonts lose their text).
    const spool = path.join(path.dirname(cups.pdfOutDir), 'spool');
    const [doc] = (await readdir(spool)).filter((f) => /^d\d+-001$/.test(f));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(spool, doc!), '-'])
      .toString('utf8')
      .replace(/\s+/g, '');
    expect(text).toContain(audited.patient_name.replace(/\s+/g, ''));
    expect(text).toContain(FINDINGS);

    await session.page.getByTestId('print-sent').waitFor();
    expect(await session.page.getByTestId('print-sent').textContent()).toContain('已发送到本工作站的报告打印机');
    await session.page.waitForFunction(() => window.__closeCalls === 1);
    expect(await print.printCalls()).toEqual([0, 1]);
    await session.close();

    // The server started its own Chromium for the PDF and closes it when it closes.
    const serverBrowsers = [...chromiumChildren()].filter((pid) => !ownBrowsers.has(pid));
    expect(serverBrowsers.length).toBeGreaterThan(0);
    await e2e.platform.close();
    const left = chromiumChildren();
    expect(serverBrowsers.filter((pid) => left.has(pid))).toEqual([]);
  });
});
