import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo, VersionRow } from '@shared/schemas/report';
import type { AuthUser } from '../../platform/core/auth-user';
import { report, session, study, sysUser } from '../../platform/db/schema';
import { call, loginAs } from '../../../../tests/support/api-client';
import { startTestPlatform, type TestPlatform } from '../../../../tests/support/api-platform';
import { builtWebDist } from '../../../../tests/support/web-dist';
import { authUserByPk } from '../auth';
import type { PdfJob, PdfRenderer } from './renderer';
import { issueRenderToken, RENDER_TOKEN_TTL_MS } from './render-token';
import { renderAudited, rendererFor } from './service';

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rx-report-pdf-'));

/** The built web app the print page comes from; built into a temp dir when there is none yet. */
const webDist = () => builtWebDist(tmp);

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmp, `r${Date.now()}${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

let p: TestPlatform;
const tokens: Record<string, string> = {};
let pool: StudyRow[] = [];
const FINDINGS = '右肺上叶见一枚小结节，边界清楚。';
const OPINION = '右肺上叶小结节，建议随访。';

beforeAll(async () => {
  p = await startTestPlatform({}, { webDir: webDist() });
  for (const [u, pw] of [
    ['doctor', 'Doctor@123'],
    ['auditor', 'Audit@123'],
    ['doctor2', 'Doctor@123'],
  ] as const) {
    tokens[u] = await loginAs(p.app, u, pw);
  }
  const r = await call(p.app, 'POST', '/api/order/OrderList', {
    token: tokens.doctor,
    json: { rpt_status: [0], pageSize: 20 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
}, 240_000);
afterAll(async () => {
  await p?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const req = (user: string, json: unknown, lang?: string) =>
  call(p.app, 'POST', '/report/pdf', { token: tokens[user], json, lang });

function freshStudy(): StudyRow {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  return s;
}

/** Writes and audits position 1 as the report screen would. */
async function audited(s: StudyRow): Promise<void> {
  const body = (version: number) => ({
    study_iuid: s.study_iuid,
    version,
    rpt_good_status: 2,
    study_desc: '胸部CT平扫',
    report_text1: FINDINGS,
    report_text2: OPINION,
    RemoveCheck: true,
  });
  const saved = await call(p.app, 'POST', '/report/save', { token: tokens.doctor, json: body(1) });
  expect(saved.status).toBe(200);
  const version = (saved.body.data as { version: number }).version;
  const done = await call(p.app, 'POST', '/report/audit', { token: tokens.auditor, json: body(version) });
  expect(done.status).toBe(200);
}

describe('POST /report/pdf', () => {
  it('renders an audited report: a real PDF with the patient name and the findings', async () => {
    const s = freshStudy();
    await audited(s);
    const r = await req('doctor', { study_iuid: s.study_iuid, rpt_position: 1 });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    const data = r.body.data as { pdf: string; filename: string; bytes: number };
    const pdf = Buffer.from(data.pdf, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(data.bytes).toBe(pdf.length);
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain(s.patient_name.replace(/\s+/g, ''));
    expect(text).toContain(FINDINGS);
    expect(text).toContain(OPINION);
    expect(text).not.toContain('急诊');
  }, 90_000); // the first job starts Chromium

  it('puts the emergency watermark in the PDF when asked (isJz)', async () => {
    const s = freshStudy();
    await audited(s);
    const r = await req('doctor', { study_iuid: s.study_iuid, isJz: true });
    expect(r.status).toBe(200);
    const text = await pdfText(Buffer.from((r.body.data as { pdf: string }).pdf, 'base64'));
    expect(text).toContain('急诊');
  });

  it('refuses a report that is not audited, in the caller’s language', async () => {
    const s = freshStudy();
    const zh = await req('doctor', { study_iuid: s.study_iuid });
    expect(zh.status).toBe(409);
    expect(zh.body).toMatchObject({ success: false, error: 'REPORT_STATE', msg: '报告未审核' });
    const en = await req('doctor', { study_iuid: s.study_iuid }, 'en-US');
    expect(en.body.msg).toBe('The report is not audited');
  });

  it('refuses another hospital’s report, a missing study and bad input, never with a 500', async () => {
    const s = freshStudy();
    await audited(s);
    const other = await req('doctor2', { study_iuid: s.study_iuid }, 'en-US');
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('FORBIDDEN');
    expect((await req('doctor', { study_iuid: '1.2.3.does-not-exist' })).status).toBe(404);
    const bad = await req('doctor', { study_iuid: '', rpt_position: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await call(p.app, 'POST', '/report/pdf', { json: { study_iuid: s.study_iuid } })).status).toBe(401);
  });

  it('refuses a third-party report with its own message', async () => {
    const s = freshStudy();
    const [st] = await p.deps.db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
    await p.deps.db
      .update(report)
      .set({ rpt_status: 2, third_party_pdf: '/files/third-party.pdf' })
      .where(eq(report.study_pk, st!.pk));
    const r = await req('doctor', { study_iuid: s.study_iuid }, 'en-US');
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('A third-party report prints from its own PDF');
  });
});

describe('the archive’s render token (no session)', () => {
  const sessions = async () => (await p.deps.db.select({ n: count() }).from(session))[0]!.n;
  const userNamed = async (username: string): Promise<AuthUser> => {
    const [u] = await p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, username));
    return (await authUserByPk(p.deps.db, u!.pk))!;
  };
  /** The audit's version row of the study's report. */
  const auditOf = async (s: StudyRow) => {
    const r = await call(p.app, 'POST', '/report/versions', {
      token: tokens.doctor,
      json: { study_iuid: s.study_iuid },
    });
    expect(r.status, r.text).toBe(200);
    const v = (r.body.data as VersionRow[]).find((x) => x.rpt_status === 2)!;
    return { study_iuid: s.study_iuid, rpt_pk: v.rpt_pk, audit_version: v.pk, locale: 'zh-CN' as const };
  };
  const as = (token: string, method: string, url: string, json?: unknown) =>
    call(p.app, method, url, { token, json, lang: 'en-US' });
  const FORBIDDEN = { success: false, code: 403, error: 'FORBIDDEN' };
  const UNAUTHORIZED = { success: false, code: 401, error: 'UNAUTHORIZED' };

  it('renders the audited report as the auditor without a session row, and the token is dead after', async () => {
    const s = freshStudy();
    await audited(s);
    const job = await auditOf(s);
    const real = rendererFor(p.deps, (r) => p.app.fetch(r));
    let token = '';
    const spy = {
      render: (j: PdfJob) => {
        token = j.token;
        return real.render(j);
      },
    } as unknown as PdfRenderer;
    const before = await sessions();
    const pdf = await renderAudited(p.deps, spy, await userNamed('auditor'), job);
    expect(await sessions()).toBe(before);
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain(OPINION);
    // The auditor's name comes from the audit's version row, not from whoever the token acts as.
    expect(text).toContain('李主任');
    expect(token).not.toBe('');
    expect((await as(token, 'GET', '/tool/reportConfig')).body).toMatchObject(UNAUTHORIZED);
    const info = await as(token, 'POST', '/report/info', {
      study_iuid: job.study_iuid,
      audit_version: job.audit_version,
    });
    expect(info.status).toBe(401);
  }, 90_000);

  it('reads that report at that audit and the report settings only: any other request, report or route is 403', async () => {
    const s = freshStudy();
    await audited(s);
    const job = await auditOf(s);
    const o = freshStudy();
    await audited(o);
    const other = await auditOf(o);
    let probed = false;
    const probe = {
      render: async (j: PdfJob) => {
        const t = j.token;
        // What the print page asks.
        expect((await as(t, 'GET', '/tool/reportConfig')).status).toBe(200);
        const info = await as(t, 'POST', '/report/info', {
          study_iuid: s.study_iuid,
          audit_version: job.audit_version,
        });
        expect(info.status, info.text).toBe(200);
        const audited = (info.body.data as ReportInfo).reports.find((r) => r.rpt_pk === job.rpt_pk);
        expect(audited?.sh_doctor).toBe('李主任');
        expect(audited?.report_text2).toBe(OPINION);
        const refused: [string, string, unknown?][] = [
          // The report as it is now (with the caller's drafts), another audit, another study's.
          ['POST', '/report/info', { study_iuid: s.study_iuid }],
          ['POST', '/report/info', { study_iuid: s.study_iuid, audit_version: other.audit_version }],
          ['POST', '/report/info', { study_iuid: o.study_iuid, audit_version: other.audit_version }],
          ['POST', '/report/info', { study_iuid: s.study_iuid, audit_version: String(job.audit_version) }],
          ['POST', '/report/info', { study_iuid: s.study_iuid, audit_version: job.audit_version, x: 1 }],
          [
            'POST',
            `/report/info?study_iuid=${o.study_iuid}`,
            { study_iuid: s.study_iuid, audit_version: job.audit_version },
          ],
          ['GET', '/tool/reportConfig?x=1'],
          // Writes, other reads, the session's own routes, an administrator's route.
          ['POST', '/report/save', { study_iuid: s.study_iuid, version: 1, report_text1: 'x', report_text2: 'y' }],
          ['POST', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 1 }],
          ['POST', '/report/versions', { study_iuid: s.study_iuid }],
          ['POST', '/report/pdf', { study_iuid: s.study_iuid }],
          ['GET', `/report/archive?rpt_pk=${job.rpt_pk}&version=${job.audit_version}`],
          ['POST', '/api/order/OrderList', { pageSize: 10 }],
          ['POST', '/user/info'],
          ['POST', '/user/refreshToken', {}],
          ['POST', '/user/logout'],
          ['POST', '/config/list', { page: 1, pageSize: 10 }],
        ];
        for (const [method, url, json] of refused) {
          const r = await as(t, method, url, json);
          expect(r.status, `${method} ${url} ${JSON.stringify(json)}`).toBe(403);
          expect(r.body).toMatchObject(FORBIDDEN);
        }
        probed = true;
        return Buffer.from('%PDF-1.4 probe');
      },
    } as unknown as PdfRenderer;
    const before = await sessions();
    await renderAudited(p.deps, probe, await userNamed('auditor'), job);
    expect(probed).toBe(true);
    expect(await sessions()).toBe(before);
  });

  it('binds even a super administrator to the print page’s requests', async () => {
    const s = freshStudy();
    await audited(s);
    const job = await auditOf(s);
    const admin = await userNamed('admin');
    expect(admin.isSuper).toBe(true);
    const grant = issueRenderToken(p.deps.db, admin, job);
    try {
      expect((await as(grant.token, 'GET', '/tool/reportConfig')).status).toBe(200);
      for (const [method, url, json] of [
        ['POST', '/config/list', { page: 1, pageSize: 10 }],
        ['POST', '/report/info', { study_iuid: s.study_iuid }],
      ] as const) {
        expect((await as(grant.token, method, url, json)).body).toMatchObject(FORBIDDEN);
      }
    } finally {
      grant.revoke();
    }
    expect((await as(grant.token, 'GET', '/tool/reportConfig')).body).toMatchObject(UNAUTHORIZED);
  });

  it('expires within minutes, and is revoked when the render fails too', async () => {
    const s = freshStudy();
    await audited(s);
    const job = await auditOf(s);
    const auditor = await userNamed('auditor');
    const old = issueRenderToken(p.deps.db, auditor, job, Date.now() - RENDER_TOKEN_TTL_MS - 1);
    expect((await as(old.token, 'GET', '/tool/reportConfig')).body).toMatchObject(UNAUTHORIZED);
    let token = '';
    const failing = {
      render: async (j: PdfJob) => {
        token = j.token;
        expect((await as(token, 'GET', '/tool/reportConfig')).status).toBe(200);
        throw new Error('chromium went away');
      },
    } as unknown as PdfRenderer;
    await expect(renderAudited(p.deps, failing, auditor, job)).rejects.toThrow('chromium went away');
    expect((await as(token, 'GET', '/tool/reportConfig')).body).toMatchObject(UNAUTHORIZED);
  });
});

describe('POST /report/pdf without Chromium', () => {
  let q: TestPlatform;
  beforeAll(async () => {
    q = await startTestPlatform({ CHROMIUM_PATH: '/nonexistent/chromium' });
  });
  afterAll(async () => {
    await q?.close();
  });

  it('answers 503 with a clear localized message', async () => {
    const doctor = await loginAs(q.app, 'doctor', 'Doctor@123');
    const auditor = await loginAs(q.app, 'auditor', 'Audit@123');
    const list = await call(q.app, 'POST', '/api/order/OrderList', {
      token: doctor,
      json: { rpt_status: [0], pageSize: 10 },
    });
    expect(list.status, list.text).toBe(200);
    const s = (list.body.data as { list: StudyRow[] }).list[0]!;
    const info = await call(q.app, 'POST', '/report/info', { token: doctor, json: { study_iuid: s.study_iuid } });
    const version = (info.body.data as ReportInfo).reports[0]!.version;
    const body = (v: number) => ({
      study_iuid: s.study_iuid,
      version: v,
      rpt_good_status: 1,
      study_desc: 'CT',
      report_text1: FINDINGS,
      report_text2: OPINION,
      RemoveCheck: true,
    });
    const saved = await call(q.app, 'POST', '/report/save', { token: doctor, json: body(version) });
    await call(q.app, 'POST', '/report/audit', {
      token: auditor,
      json: body((saved.body.data as { version: number }).version),
    });
    const zh = await call(q.app, 'POST', '/report/pdf', { token: doctor, json: { study_iuid: s.study_iuid } });
    expect(zh.status).toBe(503);
    expect(zh.body).toMatchObject({ success: false, error: 'PDF_UNAVAILABLE', code: 503 });
    expect(zh.body.msg).toBe('服务器无法生成 PDF（未安装 Chromium），请使用浏览器打印');
    const en = await call(q.app, 'POST', '/report/pdf', {
      token: doctor,
      lang: 'en-US',
      json: { study_iuid: s.study_iuid },
    });
    expect(en.body.msg).toBe('PDF rendering is unavailable on the server (no Chromium); print from the browser');
  });
});
