import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail, VersionRow } from '@shared/schemas/report';
import type { SignRequestResult, VerifyResult } from '@shared/schemas/report-signature';
import { formatVerifyCode, reportSignedPayload } from '@shared/report/signature';
import type { DeliveryState } from '@shared/schemas/report-products';
import { hospital, reportVersion, session, sysConfig, sysUser } from '../../platform/db/schema';
import { certFactory } from '../../../../tests/support/test-certs';
import { testPng } from '../../../../tests/support/test-png';
import { parseCertificate } from '../cert';
import { call, loginAs } from '../../../../tests/support/api-client';
import { startTestPlatform, type TestPlatform } from '../../../../tests/support/api-platform';
import { until } from '../../../../tests/support/until';
import { builtWebDist } from '../../../../tests/support/web-dist';
import { closeReportJobs, kickReportJobs, startReportJobs } from './worker';

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rx-report-products-'));

const webDist = () => builtWebDist(tmp);

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmp, `r${Date.now()}${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, '');
}

/** What pdfsig (poppler) reports of a PDF's signatures; it exits non-zero for a broken one, with the report all the same. */
async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(tmp, `s${Date.now()}${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  const r = await run('pdfsig', [file]).catch((e: { stdout?: string; stderr?: string }) => e);
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed resources */
/**
 * A FHIR receiver: checks the DiagnosticReport's shape; keeps what it accepted by identifier: POSTs (final or
 * amended, with If-None-Exist) and conditional updates (`PUT ?identifier=<system>|<value>`, entered-in-error).
 * Answers 503 while `down` or for the next `refuseNext` requests; drops the connection unanswered for the next
 * `dropNext`; while `hold`, requests wait for `release()`.
 */
class Receiver {
  down = false;
  refuseNext = 0;
  dropNext = 0;
  hold = false;
  private held: (() => void)[] = [];
  readonly accepted = new Map<string, Record<string, any>[]>();
  readonly withdrawn = new Map<string, Record<string, any>[]>();
  /** Every request as it arrived, with the identifier in its body. */
  readonly arrived: { method: string; id: string }[] = [];
  refused = 0;
  problems: string[] = [];
  private server!: Server;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const id = ((): string => {
          try {
            return String((JSON.parse(text) as any).identifier?.[0]?.value ?? '');
          } catch {
            return '';
          }
        })();
        this.arrived.push({ method: req.method ?? '', id });
        if (this.dropNext > 0) {
          // Read, then the connection lost before any answer: the sender cannot know what was kept.
          this.dropNext--;
          req.socket.destroy();
          return;
        }
        const answer = () => {
          if (this.down || this.refuseNext > 0) {
            this.refuseNext = Math.max(0, this.refuseNext - 1);
            this.refused++;
            res.writeHead(503).end();
            return;
          }
          const problem = this.check(req.method, req.url ?? '', req.headers, text);
          if (problem) {
            this.problems.push(problem);
            res.writeHead(400).end();
            return;
          }
          res.writeHead(req.method === 'PUT' ? 200 : 201, { 'content-type': 'application/fhir+json' }).end('{}');
        };
        if (this.hold) this.held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/fhir/DiagnosticReport`;
  }
  get waiting() {
    return this.held.length;
  }
  release() {
    this.hold = false;
    for (const answer of this.held.splice(0)) answer();
  }
  /** Requests that arrived for one identifier, as `METHOD` strings in order. */
  sent = (id: string) => this.arrived.filter((a) => a.id === id).map((a) => a.method);
  private check(method: string | undefined, url: string, headers: IncomingHttpHeaders, body: string): string | null {
    if (headers['content-type'] !== 'application/fhir+json') return `content-type ${headers['content-type']}`;
    const r = JSON.parse(body) as Record<string, any>;
    if (r.resourceType !== 'DiagnosticReport') return 'not a DiagnosticReport';
    const id = r.identifier?.[0];
    if (!id?.system || !/^\d+-\d+$/.test(id.value)) return 'identifier';
    if (!r.code?.coding?.[0]?.code || !r.subject?.identifier?.value) return 'code or subject';
    if (Number.isNaN(Date.parse(r.effectiveDateTime)) || Number.isNaN(Date.parse(r.issued))) return 'dates';
    const form = r.presentedForm?.[0];
    if (form?.contentType !== 'application/pdf') return 'presentedForm';
    const pdf = Buffer.from(form.data, 'base64');
    if (form.hash !== createHash('sha1').update(pdf).digest('base64')) return 'hash';
    const token = `${id.system}|${id.value}`;
    let kept: Map<string, Record<string, any>[]>;
    if (method === 'POST') {
      if (r.status !== 'final' && r.status !== 'amended') return `POST with status ${r.status}`;
      if (headers['if-none-exist'] !== `identifier=${token}`) return 'If-None-Exist';
      kept = this.accepted;
    } else if (method === 'PUT') {
      // A conditional update: the resource is found by the identifier search in the query.
      const q = new URL(url, 'http://receiver').searchParams;
      if (q.get('identifier') !== token) return `conditional update of ${q.get('identifier')}`;
      if (r.status !== 'entered-in-error') return `PUT with status ${r.status}`;
      kept = this.withdrawn;
    } else return `method ${method}`;
    const list = kept.get(id.value) ?? [];
    list.push(r);
    kept.set(id.value, list);
    return null;
  }
  close = () => new Promise<void>((r) => this.server.close(() => r()));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

let p: TestPlatform;
const receiver = new Receiver();
const tokens: Record<string, string> = {};
let pool: StudyRow[] = [];
const FINDINGS = '左肺下叶见斑片影，边缘模糊。';
const OPINION = '左肺下叶炎症，建议抗炎后复查。';

beforeAll(async () => {
  await receiver.start();
  p = await startTestPlatform(
    {
      REPORT_JOBS: 'on',
      REPORT_JOB_POLL_MS: '100',
      REPORT_JOB_BACKOFF_MS: '100',
      REPORT_JOB_MAX_ATTEMPTS: '3',
      // Archives render at normal priority: at idle priority a render on a machine shared with other work may
      // not start within a test's wait (issue 39; render-priority.test.ts covers the choice).
      REPORT_ARCHIVE_CATCH_UP_MS: '1',
      OUTBOUND_ALLOW: '127.0.0.1/32',
    },
    { webDir: webDist() },
  );
  for (const [u, pw] of [
    ['doctor', 'Doctor@123'],
    ['auditor', 'Audit@123'],
    ['doctor2', 'Doctor@123'],
    ['register', 'Register@123'],
  ] as const) {
    tokens[u] = await loginAs(p.app, u, pw);
  }
  const r = await call(p.app, 'POST', '/api/order/OrderList', {
    token: tokens.doctor,
    json: { rpt_status: [0], pageSize: 30 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
}, 240_000);

afterAll(async () => {
  await p?.close();
  await receiver.close();
  rmSync(tmp, { recursive: true, force: true });
});

const post = (user: string, url: string, json: unknown, lang?: string) =>
  call(p.app, 'POST', url, { token: tokens[user], json, lang });

function freshStudy(): StudyRow {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  return s;
}

const body = (s: StudyRow, version: number, opinion = OPINION) => ({
  study_iuid: s.study_iuid,
  version,
  rpt_good_status: 2,
  study_desc: '胸部CT平扫',
  report_text1: FINDINGS,
  report_text2: opinion,
  RemoveCheck: true,
});

/** Saves (doctor) and audits (auditor); answers the report's version after the audit. */
async function audited(s: StudyRow, opinion = OPINION, from = 1): Promise<{ rpt_pk: number; version: number }> {
  const saved = await post('doctor', '/report/save', body(s, from, opinion));
  expect(saved.status, saved.text).toBe(200);
  const done = await post(
    'auditor',
    '/report/audit',
    body(s, (saved.body.data as { version: number }).version, opinion),
  );
  expect(done.status, done.text).toBe(200);
  return done.body.data as { rpt_pk: number; version: number };
}

const versions = async (s: StudyRow) =>
  (await post('doctor', '/report/versions', { study_iuid: s.study_iuid })).body.data as VersionRow[];

/** The newest audit version row, once its PDF is archived. */
const archivedAudit = (s: StudyRow, not?: number) =>
  until('the archived PDF', async () => {
    const v = (await versions(s)).find((x) => x.rpt_status === 2 && x.pk !== not);
    return v?.pdf_sha256 ? v : null;
  });

const archive = (user: string, rptPk: number, version: number) =>
  call(p.app, 'GET', `/report/archive?rpt_pk=${rptPk}&version=${version}`, { token: tokens[user], lang: 'en-US' });

async function pdfOf(user: string, rptPk: number, version: number): Promise<Buffer> {
  const res = await p.app.request(`/report/archive?rpt_pk=${rptPk}&version=${version}`, {
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

async function setEndpoint(hospital: string, url: string | null): Promise<void> {
  const name = `report_fhir_url_${hospital}`;
  if (url === null) {
    await p.deps.db.delete(sysConfig).where(eq(sysConfig.name, name));
    return;
  }
  await p.deps.db
    .insert(sysConfig)
    .values({ name, value: url, description: 'test' })
    .onConflictDoUpdate({ target: sysConfig.name, set: { value: url } });
}

const delivery = async (s: StudyRow) =>
  (await post('doctor', '/report/delivery', { study_iuid: s.study_iuid })).body.data as DeliveryState;

describe('PDF archive', () => {
  let s: StudyRow;
  let rptPk: number;
  let first: VersionRow;

  it('is written after the audit, with the right SHA-256, and holds the opinion; nothing sent without an endpoint', async () => {
    s = freshStudy();
    const sessions = async () => (await p.deps.db.select({ n: count() }).from(session))[0]!.n;
    const before = await sessions();
    rptPk = (await audited(s)).rpt_pk;
    first = await archivedAudit(s);
    // Rendered through a render token of the print page's own, not a session of the auditor's.
    expect(await sessions()).toBe(before);
    expect(first.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await pdfOf('doctor', rptPk, first.pk);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(first.pdf_sha256);
    const text = await pdfText(pdf);
    expect(text).toContain(OPINION);
    expect(text).toContain(s.patient_name.replace(/\s+/g, ''));
    expect(receiver.accepted.size + receiver.refused).toBe(0);
    expect((await delivery(s)).status).toBe('');
    // Versions without an audit carry no PDF.
    expect((await versions(s)).find((v) => v.rpt_status === 1)?.pdf_sha256).toBeNull();
  }, 120_000);

  it('carries a PAdES signature of the installation seal over the whole file, which one changed byte breaks', async () => {
    const pdf = await pdfOf('doctor', rptPk, first.pk);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: RxPACS report archive seal');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // The signing time is the audit's; the signer's name is the study's hospital.
    const text = pdf.toString('latin1');
    const [audit] = await p.deps.db
      .select({ at: reportVersion.createtime })
      .from(reportVersion)
      .where(eq(reportVersion.pk, first.pk));
    const m = /\/M \(D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z\)/.exec(text)!;
    expect(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`).getTime()).toBe(
      Math.floor(audit!.at.getTime() / 1000) * 1000,
    );
    const [h] = await p.deps.db
      .select({ name: hospital.name })
      .from(hospital)
      .where(eq(hospital.code, s.hospital_code));
    const name = Buffer.from(/\/Name <feff([0-9a-f]*)>/.exec(text)![1]!, 'hex')
      .swap16()
      .toString('utf16le');
    expect(name).toBe(h!.name);
    // One byte changed inside the signed range (a letter of the producer's name, so the file still parses).
    const at = pdf.indexOf('Skia/PDF');
    const byteRange = /\/ByteRange \[0 (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(byteRange[0]!);
    const tampered = Buffer.from(pdf);
    tampered[at] = 'T'.charCodeAt(0);
    const broken = await pdfsig(tampered);
    expect(broken).not.toContain('Signature is Valid');
    expect(broken).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('is scoped to the hospital and answers clearly before it exists', async () => {
    const other = await archive('doctor2', rptPk, first.pk);
    expect([403, 404]).toContain(other.status);
    expect(other.body.success).toBe(false);
    const saved = (await versions(s)).find((v) => v.rpt_status === 1)!;
    const notYet = await archive('doctor', rptPk, saved.pk);
    expect(notYet.status).toBe(404);
    expect(notYet.body.msg).toBe('The PDF of this report version is not archived yet');
    expect((await archive('doctor', rptPk + 1000, first.pk)).status).toBe(404);
    expect((await archive('doctor', 0, first.pk)).status).toBe(400);
    const bad = await call(p.app, 'GET', '/report/archive?rpt_pk=x&version=1', { token: tokens.doctor });
    expect(bad.status).toBe(400);
    expect((await call(p.app, 'GET', `/report/archive?rpt_pk=${rptPk}&version=${first.pk}`)).status).toBe(401);
  });

  it('makes a new PDF for a re-audit after cancel-audit; the old one is unchanged', async () => {
    const before = (await versions(s))[0]!;
    expect(before.rpt_status).toBe(2);
    const info = await post('auditor', '/report/info', { study_iuid: s.study_iuid });
    const current = (info.body.data as { reports: { version: number }[] }).reports[0]!.version;
    const cancelled = await post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: current });
    expect(cancelled.status, cancelled.text).toBe(200);
    const NEW = '左肺下叶炎症较前吸收。';
    const again = await post(
      'auditor',
      '/report/audit',
      body(s, (cancelled.body.data as { version: number }).version, NEW),
    );
    expect(again.status, again.text).toBe(200);
    const second = await archivedAudit(s, first.pk);
    expect(second.pdf_sha256).not.toBe(first.pdf_sha256);
    expect(await pdfText(await pdfOf('doctor', rptPk, second.pk))).toContain(NEW);
    const old = await pdfOf('doctor', rptPk, first.pk);
    expect(createHash('sha256').update(old).digest('hex')).toBe(first.pdf_sha256);
    expect((await versions(s)).find((v) => v.pk === first.pk)?.pdf_sha256).toBe(first.pdf_sha256);
  }, 120_000);
});

describe('PDF archive of an audit cancelled before its turn', () => {
  it('is the report as it was audited, not as it was rewritten after the cancel', async () => {
    const s = freshStudy();
    const { rpt_pk, version } = await audited(s);
    const cancelled = await post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version });
    expect(cancelled.status, cancelled.text).toBe(200);
    const LATER = '取消审核后改写的意见。';
    const rewritten = await post(
      'doctor',
      '/report/save',
      body(s, (cancelled.body.data as { version: number }).version, LATER),
    );
    expect(rewritten.status, rewritten.text).toBe(200);
    const audit = await archivedAudit(s);
    const text = await pdfText(await pdfOf('doctor', rpt_pk, audit.pk));
    expect(text).toContain(OPINION);
    expect(text).not.toContain(LATER);
    expect(text).toContain('李主任'); // its auditor, though the report has none now
  }, 120_000);
});

describe('Delivery to the FHIR endpoint', () => {
  it('reaches a receiver that was down for a while once it is back, exactly once', async () => {
    const s = freshStudy();
    await setEndpoint(s.hospital_code, receiver.url);
    receiver.down = true;
    const { rpt_pk } = await audited(s);
    const v = await archivedAudit(s);
    const id = `${rpt_pk}-${v.pk}`;
    const failed = await until('a failed attempt', async () => {
      const d = await delivery(s);
      return d.status === 'failed' && receiver.refused >= 2 ? d : null;
    });
    expect(failed.last_error).toContain('503');
    expect(failed.endpoint).toBe(true);
    receiver.down = false;
    const done = await until('the delivery', async () => {
      const d = await delivery(s);
      return d.status === 'delivered' ? d : null;
    });
    expect(done.last_error).toBe('');
    await new Promise((r) => setTimeout(r, 1000)); // ten polls: nothing more is sent
    expect(receiver.problems).toEqual([]);
    expect(receiver.accepted.get(id)).toHaveLength(1);
    const r = receiver.accepted.get(id)![0]!;
    expect(r.conclusion).toBe(OPINION);
    const form = (r.presentedForm as { data: string }[])[0]!;
    expect(createHash('sha256').update(Buffer.from(form.data, 'base64')).digest('hex')).toBe(v.pdf_sha256);
  }, 180_000);

  it('an endpoint the outbound policy refuses is a failed attempt recorded like others, never a connection', async () => {
    const s = freshStudy();
    const before = receiver.accepted.size + receiver.refused;
    await setEndpoint(s.hospital_code, 'http://169.254.169.254/fhir/DiagnosticReport');
    try {
      await audited(s);
      const failed = await until('a refused attempt', async () => {
        const d = await delivery(s);
        return d.status === 'failed' && d.last_error ? d : null;
      });
      expect(failed.last_error).toBe('address not allowed (link-local)');
      await setEndpoint(s.hospital_code, 'http://10.0.0.1/fhir/DiagnosticReport');
      await post('doctor', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
      await until('a refused attempt to a private address', async () => {
        const d = await delivery(s);
        return d.last_error === 'address not allowed (private)' ? d : null;
      });
      expect(receiver.accepted.size + receiver.refused).toBe(before);
    } finally {
      await setEndpoint(s.hospital_code, null);
    }
  }, 120_000);

  it('gives up after the attempts allowed; the retry button (patorder:reportRetry) sends it', async () => {
    const s = freshStudy();
    await setEndpoint(s.hospital_code, receiver.url);
    receiver.down = true;
    const { rpt_pk } = await audited(s);
    const v = await archivedAudit(s);
    await until('the job to give up', async () => {
      const d = await delivery(s);
      return d.status === 'failed' && d.attempts === 3 && d.next_at === null;
    });
    receiver.down = false;
    const refused = await post('register', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
    expect(refused.status).toBe(403);
    const retried = await post('doctor', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.msg).toBe('Queued for delivery again');
    expect((retried.body.data as DeliveryState).status).toBe('pending');
    await until('the delivery', async () => (await delivery(s)).status === 'delivered');
    expect(receiver.accepted.get(`${rpt_pk}-${v.pk}`)).toHaveLength(1);
  }, 180_000);

  it('retry requires a saved report, an audit and an endpoint', async () => {
    const s = freshStudy();
    const unsaved = await post('doctor', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
    expect(unsaved.status).toBe(409);
    expect(unsaved.body.msg).toBe('The report has not been saved yet');
    const saved = await post('doctor', '/report/save', body(s, 1));
    expect(saved.status).toBe(200);
    const notAudited = await post('doctor', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
    expect(notAudited.status).toBe(409);
    expect(notAudited.body.msg).toBe('The report has no audited version to send');
    await setEndpoint(s.hospital_code, null);
    const t = freshStudy();
    await audited(t);
    await archivedAudit(t);
    const none = await post('doctor', '/report/retry', { study_iuid: t.study_iuid }, 'en-US');
    expect(none.status).toBe(409);
    expect(none.body.msg).toBe('No report delivery endpoint is configured for this hospital');
    expect((await delivery(t)).status).toBe('');
    const bad = await post('doctor', '/report/retry', { study_iuid: '' });
    expect(bad.status).toBe(400);
  }, 120_000);
});

describe('Withdrawal when an audit is cancelled', () => {
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const cancel = (s: StudyRow, version: number) =>
    post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version });
  /** Audits and waits until the receiver has the delivery; answers the identifier and the report's version. */
  async function delivered(s: StudyRow, not?: number) {
    const a = await audited(s);
    const v = await archivedAudit(s, not);
    const id = `${a.rpt_pk}-${v.pk}`;
    await until('the delivery', async () => (await delivery(s)).status === 'delivered' && receiver.accepted.has(id));
    return { ...a, id, v };
  }
  const withdrawn = (s: StudyRow, id: string) =>
    until('the withdrawal', async () => {
      const d = await delivery(s);
      return d.kind === 'withdraw' && d.status === '' && receiver.withdrawn.has(id) ? d : null;
    });

  /** A fresh study audited, its delivery held at the receiver (in flight). */
  async function deliveryInFlight() {
    const t = freshStudy();
    await setEndpoint(t.hospital_code, receiver.url);
    receiver.hold = true;
    const a = await audited(t);
    const v = await archivedAudit(t);
    await until('the delivery in flight', async () => receiver.waiting > 0);
    return { t, a, id: `${a.rpt_pk}-${v.pk}` };
  }

  let s: StudyRow;
  let first: { id: string; version: number; rpt_pk: number; v: VersionRow };
  let cancelledAt = 0;

  it('cancel after delivery sends one conditional update with entered-in-error for that identifier', async () => {
    s = freshStudy();
    await setEndpoint(s.hospital_code, receiver.url);
    first = await delivered(s);
    expect(receiver.accepted.get(first.id)![0]!.status).toBe('final');
    const c = await cancel(s, first.version);
    expect(c.status, c.text).toBe(200);
    cancelledAt = (c.body.data as { version: number }).version;
    const d = await withdrawn(s, first.id);
    expect(d.last_error).toBe('');
    await pause(1000); // ten polls: nothing more is sent
    expect(receiver.problems).toEqual([]);
    expect(receiver.sent(first.id)).toEqual(['POST', 'PUT']);
    const w = receiver.withdrawn.get(first.id)![0]!;
    expect(w.status).toBe('entered-in-error');
    expect(w.identifier).toEqual(receiver.accepted.get(first.id)![0]!.identifier);
    expect(w.conclusion).toBe(OPINION);
    // The cancelled audit is not sent again by the retry button.
    const retry = await post('doctor', '/report/retry', { study_iuid: s.study_iuid }, 'en-US');
    expect(retry.status).toBe(409);
    expect(retry.body.msg).toBe('The report has no audited version to send');
  }, 180_000);

  it('re-audit after cancel delivers the new audit as a POST with status amended', async () => {
    const NEW = '左肺下叶炎症较前吸收。';
    const again = await post('auditor', '/report/audit', body(s, cancelledAt, NEW));
    expect(again.status, again.text).toBe(200);
    const v = await archivedAudit(s, first.v.pk);
    const id = `${first.rpt_pk}-${v.pk}`;
    await until(
      'the amended delivery',
      async () => (await delivery(s)).status === 'delivered' && receiver.accepted.has(id),
    );
    const r = receiver.accepted.get(id)!;
    expect(r).toHaveLength(1);
    expect(r[0]!.status).toBe('amended');
    expect(r[0]!.conclusion).toBe(NEW);
    expect(receiver.sent(first.id)).toEqual(['POST', 'PUT']);
    expect((await delivery(s)).kind).toBe('deliver');
  }, 180_000);

  it('cancel before the delivery was sent supersedes it: nothing is sent at all', async () => {
    const x = freshStudy();
    const y = freshStudy();
    await setEndpoint(x.hospital_code, null);
    await setEndpoint(y.hospital_code, null);
    const ax = await audited(x);
    const vx = await archivedAudit(x); // no endpoint yet: archived, no delivery queued
    const idX = `${ax.rpt_pk}-${vx.pk}`;
    await setEndpoint(x.hospital_code, receiver.url);
    await setEndpoint(y.hospital_code, receiver.url);
    // The one worker is kept busy sending y, so x's delivery, queued by the retry button, waits unsent.
    receiver.hold = true;
    const ay = await audited(y);
    await until('y in flight', async () => receiver.waiting > 0);
    const retried = await post('doctor', '/report/retry', { study_iuid: x.study_iuid });
    expect(retried.status, retried.text).toBe(200);
    expect((retried.body.data as DeliveryState).status).toBe('pending');
    const c = await cancel(x, ax.version);
    expect(c.status, c.text).toBe(200);
    const after = await delivery(x);
    expect([after.status, after.kind]).toEqual(['', 'deliver']); // superseded, no withdrawal queued
    receiver.release();
    await until('y delivered', async () => (await delivery(y)).status === 'delivered');
    await pause(1000);
    expect(receiver.sent(idX)).toEqual([]);
    expect(receiver.accepted.get(`${ay.rpt_pk}-${(await archivedAudit(y)).pk}`)).toHaveLength(1);
    expect((await delivery(x)).status).toBe('');
  }, 180_000);

  it('a delivery that never got an answer is withdrawn on cancel, one refused every time is not', async () => {
    const gaveUp = (t: StudyRow) =>
      until('the delivery to give up', async () => {
        const d = await delivery(t);
        return d.kind === 'deliver' && d.status === 'failed' && d.next_at === null ? d : null;
      });
    // Each attempt read by the receiver and the connection lost: it may hold the report.
    const lost = freshStudy();
    await setEndpoint(lost.hospital_code, receiver.url);
    receiver.dropNext = 3;
    const a = await audited(lost);
    const id = `${a.rpt_pk}-${(await archivedAudit(lost)).pk}`;
    expect((await gaveUp(lost)).attempts).toBe(3);
    expect(receiver.dropNext).toBe(0);
    expect((await cancel(lost, a.version)).status).toBe(200);
    await withdrawn(lost, id);
    expect(receiver.sent(id)).toEqual(['POST', 'POST', 'POST', 'PUT']);
    // Each attempt answered 503: nothing was kept, nothing to withdraw.
    const refused = freshStudy();
    await setEndpoint(refused.hospital_code, receiver.url);
    receiver.refuseNext = 3;
    const b = await audited(refused);
    const idB = `${b.rpt_pk}-${(await archivedAudit(refused)).pk}`;
    await gaveUp(refused);
    expect((await cancel(refused, b.version)).status).toBe(200);
    await pause(1000);
    expect(receiver.sent(idB)).toEqual(['POST', 'POST', 'POST']);
    expect((await delivery(refused)).status).toBe('');
    expect(receiver.problems).toEqual([]);
  }, 180_000);

  it('a withdrawal the receiver refuses for a while reaches it once it is back, exactly once', async () => {
    const t = freshStudy();
    await setEndpoint(t.hospital_code, receiver.url);
    const a = await delivered(t);
    const refusedBefore = receiver.refused;
    receiver.refuseNext = 2; // down for the next two requests
    const c = await cancel(t, a.version);
    expect(c.status, c.text).toBe(200);
    const d = await withdrawn(t, a.id);
    expect(receiver.refused - refusedBefore).toBe(2);
    expect(d.attempts).toBe(3);
    await pause(1000);
    expect(receiver.sent(a.id)).toEqual(['POST', 'PUT', 'PUT', 'PUT']);
    expect(receiver.withdrawn.get(a.id)).toHaveLength(1);
    expect(receiver.problems).toEqual([]);
  }, 180_000);

  it('a failed withdrawal is what the retry button sends again', async () => {
    const t = freshStudy();
    await setEndpoint(t.hospital_code, receiver.url);
    const a = await delivered(t);
    receiver.down = true;
    expect((await cancel(t, a.version)).status).toBe(200);
    const gaveUp = await until('the withdrawal to give up', async () => {
      const d = await delivery(t);
      return d.kind === 'withdraw' && d.status === 'failed' && d.next_at === null ? d : null;
    });
    expect(gaveUp.attempts).toBe(3);
    expect(gaveUp.last_error).toContain('503');
    receiver.down = false;
    const retried = await post('doctor', '/report/retry', { study_iuid: t.study_iuid }, 'en-US');
    expect(retried.status, retried.text).toBe(200);
    expect((retried.body.data as DeliveryState).status).toBe('pending');
    await withdrawn(t, a.id);
    expect(receiver.withdrawn.get(a.id)).toHaveLength(1);
    expect(receiver.accepted.get(a.id)).toHaveLength(1);
  }, 180_000);

  it('cancel while the delivery is in flight: the withdrawal waits for it and follows it', async () => {
    const { t, a, id } = await deliveryInFlight();
    // A second worker (as another process on the same database would run) is free to take the withdrawal.
    const other = { ...p.deps };
    startReportJobs(other, (req) => p.app.fetch(req));
    try {
      expect((await cancel(t, a.version)).status).toBe(200);
      kickReportJobs(other);
      const queued = await delivery(t);
      expect([queued.kind, queued.status]).toEqual(['withdraw', 'pending']);
      await pause(1000);
      expect(receiver.sent(id)).toEqual(['POST']); // the withdrawal does not overtake the delivery
      receiver.release();
      await withdrawn(t, id);
      await pause(500);
    } finally {
      receiver.release();
      await closeReportJobs(other);
    }
    expect(receiver.sent(id)).toEqual(['POST', 'PUT']);
    expect(receiver.accepted.get(id)).toHaveLength(1);
    expect(receiver.withdrawn.get(id)).toHaveLength(1);
  }, 180_000);

  it('cancel while the delivery is in flight and then refused: nothing was delivered, nothing is withdrawn', async () => {
    const { t, a, id } = await deliveryInFlight();
    expect((await cancel(t, a.version)).status).toBe(200);
    receiver.down = true; // the attempt in flight is answered 503
    receiver.release();
    await until('the delivery to end', async () => {
      const d = await delivery(t);
      return d.kind === 'withdraw' && d.status === '';
    });
    receiver.down = false;
    await pause(1000);
    expect(receiver.sent(id)).toEqual(['POST']);
    expect(receiver.accepted.has(id)).toBe(false);
    expect(receiver.withdrawn.has(id)).toBe(false);
  }, 180_000);

  it('voiding an audited, delivered report withdraws it too', async () => {
    const t = freshStudy();
    await setEndpoint(t.hospital_code, receiver.url);
    const a = await delivered(t);
    const voided = await post('auditor', '/report/invalid', { study_iuid: t.study_iuid, version: a.version });
    expect(voided.status, voided.text).toBe(200);
    await withdrawn(t, a.id);
    await pause(500);
    expect(receiver.sent(a.id)).toEqual(['POST', 'PUT']);
  }, 180_000);
});

describe('PDF archive of an audit signed with the USB key (issue 37)', () => {
  const certs = certFactory();
  afterAll(() => certs.cleanup());

  async function upload(token: string, url: string, bytes: Buffer, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'image.png');
    const res = await p.app.request(url, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('is signed over the whole file, shows both signatures, the seal and the code, and verifies as the original', async () => {
    const admin = await loginAs(p.app, 'admin', 'Admin@123');
    const [h1] = await p.deps.db.select().from(hospital).where(eq(hospital.code, 'H001'));
    await upload(tokens.doctor!, '/user/uploadSign', testPng(120, 40));
    await upload(tokens.auditor!, '/user/uploadSign', testPng(110, 36));
    await upload(admin, '/hospital/uploadImage', testPng(80, 80, { pixel: () => [200, 20, 20] }), {
      pk: String(h1!.pk),
      kind: 'sign',
    });
    const cert = certs.make('rsa', -1, 365);
    await p.deps.db
      .update(sysUser)
      .set({ usb_key: parseCertificate(cert.der).fingerprint })
      .where(eq(sysUser.username, 'auditor'));

    const s = freshStudy();
    const saved = await post('doctor', '/report/save', body(s, 1));
    expect(saved.status, saved.text).toBe(200);
    const audit = body(s, (saved.body.data as { version: number }).version);
    const sr = (await post('auditor', '/report/signRequest', audit)).body.data as SignRequestResult;
    const esign = {
      signed_at: sr.signed_at,
      signature: cert.signData(await reportSignedPayload(sr.document)),
      certificate: cert.der,
      algorithm: cert.algorithm,
    };
    const done = await post('auditor', '/report/audit', { ...audit, esign });
    expect(done.status, done.text).toBe(200);
    const { rpt_pk, esign: summary } = done.body.data as ReportDetail;
    const v = await archivedAudit(s);
    const pdf = await pdfOf('doctor', rpt_pk!, v.pk);

    const sig = await pdfsig(pdf);
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(sig).toContain('Total document signed');
    expect(await pdfText(pdf)).toContain(formatVerifyCode(summary!.verify_code));
    // The two signature images and the seal, as raster images of the page (the QR code is vector).
    const file = path.join(tmp, `i${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    const images = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(3);

    // Anyone with the PDF: an unchanged copy answers as the code does.
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'report.pdf');
    const checked = await p.app.request('/verify/pdf', { method: 'POST', body: form });
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { data: VerifyResult }).data).toMatchObject({
      status: 'valid',
      role: 'audit',
      pdf_sha256: v.pdf_sha256,
    });
    const changed = Buffer.from(pdf);
    const at = changed.length - 10;
    changed.writeUInt8(changed.readUInt8(at) ^ 1, at);
    const form2 = new FormData();
    form2.set('file', new Blob([new Uint8Array(changed)], { type: 'application/pdf' }), 'report.pdf');
    expect((await p.app.request('/verify/pdf', { method: 'POST', body: form2 })).status).toBe(404);
  }, 180_000);
});
