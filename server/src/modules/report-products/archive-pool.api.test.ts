import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { VersionRow } from '@shared/schemas/report';
import type { DeliveryState } from '@shared/schemas/report-products';
import type { AppDeps } from '../../platform/context';
import { reportJob, sysConfig } from '../../platform/db/schema';
import { call, loginAs } from '../../../../tests/support/api-client';
import { startTestPlatform, type TestPlatform } from '../../../../tests/support/api-platform';
import { until } from '../../../../tests/support/until';
import { builtWebDist } from '../../../../tests/support/web-dist';
import { closeReportPdf, rendererFor } from '../report-pdf/service';
import { closeReportJobs, startReportJobs } from './worker';

/*
 * The rendering pool and the bound on a delivery's wait for its PDF (docs/report-products.md, "Rendering pool",
 * "Delivery without the PDF"). The worker under test is started here with a fetch that can hold the print
 * page's `/report/info`, so a render stays in progress for as long as a test needs.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rx-archive-pool-'));

const webDist = () => builtWebDist(tmp);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Arrived {
  method: string;
  id: string;
  status: string;
  /** The PDF's SHA-256 when presentedForm is there, else null. */
  pdf: string | null;
}

/** A FHIR receiver that keeps every request: method, identifier, status and the PDF it carried, if any. */
class Receiver {
  readonly arrived: Arrived[] = [];
  private server!: Server;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          identifier: { value: string }[];
          status: string;
          presentedForm?: { data: string }[];
        };
        const data = r.presentedForm?.[0]?.data;
        this.arrived.push({
          method: req.method ?? '',
          id: r.identifier[0]!.value,
          status: r.status,
          pdf: data ? createHash('sha256').update(Buffer.from(data, 'base64')).digest('hex') : null,
        });
        res.writeHead(req.method === 'PUT' ? 200 : 201, { 'content-type': 'application/fhir+json' }).end('{}');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/fhir/DiagnosticReport`;
  }
  of = (id: string) => this.arrived.filter((a) => a.id === id);
  close = () => new Promise<void>((r) => this.server.close(() => r()));
}

/** Holds the print page's report request while closed: a render in progress that cannot end. */
class Gate {
  private closed = false;
  private waiting: (() => void)[] = [];
  held = 0;
  fetch = (app: TestPlatform['app']) => async (req: Request) => {
    if (this.closed && new URL(req.url).pathname.endsWith('/report/info')) {
      this.held++;
      await new Promise<void>((r) => this.waiting.push(r));
      this.held--;
    }
    return app.fetch(req);
  };
  close() {
    this.closed = true;
  }
  open() {
    this.closed = false;
    for (const go of this.waiting.splice(0)) go();
  }
}

let p: TestPlatform;
const receiver = new Receiver();
const gate = new Gate();
const tokens: Record<string, string> = {};
let pool: StudyRow[] = [];
const workers: AppDeps[] = [];

/**
 * A worker of this app with its own settings (as another process on the same database would run one). Its
 * archives render at normal priority (REPORT_ARCHIVE_CATCH_UP_MS 1 ms): at idle priority a render on a machine
 * shared with other work may not start within a test's wait (render-priority.test.ts covers the choice).
 */
function worker(env: Partial<AppDeps['env']>): AppDeps {
  const deps: AppDeps = {
    ...p.deps,
    env: { ...p.deps.env, REPORT_JOBS: 'on', REPORT_JOB_POLL_MS: 100, REPORT_JOB_BACKOFF_MS: 100, ...env },
  };
  startReportJobs(deps, gate.fetch(p.app));
  workers.push(deps);
  return deps;
}

async function stop(deps: AppDeps) {
  workers.splice(workers.indexOf(deps), 1);
  await closeReportJobs(deps);
  await closeReportPdf(deps);
}

beforeAll(async () => {
  await receiver.start();
  // The platform's own worker stays off: the tests start theirs.
  p = await startTestPlatform({ OUTBOUND_ALLOW: '127.0.0.1/32' }, { webDir: webDist() });
  for (const [u, pw] of [
    ['doctor', 'Doctor@123'],
    ['auditor', 'Audit@123'],
  ] as const)
    tokens[u] = await loginAs(p.app, u, pw);
  const r = await call(p.app, 'POST', '/api/order/OrderList', {
    token: tokens.doctor,
    json: { rpt_status: [0], pageSize: 30 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
  for (const code of new Set(pool.map((s) => s.hospital_code)))
    await p.deps.db
      .insert(sysConfig)
      .values({ name: `report_fhir_url_${code}`, value: receiver.url, description: 'test' });
}, 240_000);

afterAll(async () => {
  gate.open();
  for (const deps of [...workers]) await stop(deps);
  await p?.close();
  await receiver.close();
  rmSync(tmp, { recursive: true, force: true });
});

const post = (user: string, url: string, json: unknown) => call(p.app, 'POST', url, { token: tokens[user], json });

function freshStudy(): StudyRow {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  return s;
}

const OPINION = '左肺下叶炎症，建议抗炎后复查。';

/** Saves and audits; answers the report, its version after the audit, and the audit's identifier. */
async function audited(s: StudyRow) {
  const body = (version: number) => ({
    study_iuid: s.study_iuid,
    version,
    rpt_good_status: 2,
    study_desc: '胸部CT平扫',
    report_text1: '左肺下叶见斑片影。',
    report_text2: OPINION,
    RemoveCheck: true,
  });
  const saved = await post('doctor', '/report/save', body(1));
  expect(saved.status, saved.text).toBe(200);
  const done = await post('auditor', '/report/audit', body((saved.body.data as { version: number }).version));
  expect(done.status, done.text).toBe(200);
  const { rpt_pk, version } = done.body.data as { rpt_pk: number; version: number };
  const audit = (await versions(s)).find((v) => v.rpt_status === 2)!;
  return { rpt_pk, version, id: `${rpt_pk}-${audit.pk}` };
}

const versions = async (s: StudyRow) =>
  (await post('doctor', '/report/versions', { study_iuid: s.study_iuid })).body.data as VersionRow[];

const archived = (s: StudyRow) =>
  until('the archived PDF', async () => {
    const v = (await versions(s)).find((x) => x.rpt_status === 2);
    return v?.pdf_sha256 ? v : null;
  });

/** Archive jobs claimed and still leased: renders in progress. */
const rendering = async () =>
  (
    await p.deps.db
      .select({ n: count() })
      .from(reportJob)
      .where(and(eq(reportJob.kind, 'archive'), eq(reportJob.state, 'pending'), gt(reportJob.locked_until, new Date())))
  )[0]!.n;

const pendingArchives = async () =>
  (
    await p.deps.db
      .select({ n: count() })
      .from(reportJob)
      .where(and(eq(reportJob.kind, 'archive'), eq(reportJob.state, 'pending')))
  )[0]!.n;

const delivery = async (s: StudyRow) =>
  (await post('doctor', '/report/delivery', { study_iuid: s.study_iuid })).body.data as DeliveryState;

describe('Archive rendering pool and the bound on a delivery waiting for its PDF', () => {
  let w: AppDeps;
  // Each test starts its worker; it is stopped after the test, failed or not.
  afterEach(async () => {
    gate.open();
    for (const deps of [...workers]) await stop(deps);
  });

  it('renders up to the pool size and one late archive at once, and a delivery goes out while every render is in progress', async () => {
    w = worker({ REPORT_ARCHIVE_POOL: 2, REPORT_ARCHIVE_CATCH_UP_MS: 1, REPORT_DELIVERY_PDF_WAIT_MS: 0 });
    const a = freshStudy();
    const first = await audited(a);
    await archived(a);
    await until('the delivery', async () => receiver.of(first.id).length === 1);
    gate.close();
    try {
      // Four audits, all late at once (the bound is 1 ms), for a pool of two and the place for late archives: the
      // fourth waits for a place, and is never taken by the sending lane.
      for (let i = 0; i < 4; i++) await audited(freshStudy());
      // Three archive jobs claimed and leased at once, each held in its render (a render that timed out is no longer leased).
      let seen = '';
      await until('three renders in progress at once', async () => {
        seen = `${gate.held} held, ${await rendering()} leased`;
        return seen === '3 held, 3 leased';
      }).catch((e: Error) => {
        throw new Error(`${e.message} (last seen: ${seen})`);
      });
      // A delivery queued now (the retry button) is sent while every render is still held.
      const retried = await post('doctor', '/report/retry', { study_iuid: a.study_iuid });
      expect(retried.status, retried.text).toBe(200);
      await until('the delivery sent again', async () => receiver.of(first.id).length === 2);
      expect(await rendering()).toBe(3);
    } finally {
      gate.open();
    }
    // Every archive made, the one that waited for a place too: nothing left for the next test's worker.
    await until('every archive made', async () => (await pendingArchives()) === 0);
  }, 180_000);

  it('sends the delivery without its PDF once the archive is late, then again with the PDF, same identifier', async () => {
    w = worker({ REPORT_ARCHIVE_POOL: 1, REPORT_ARCHIVE_CATCH_UP_MS: 1, REPORT_DELIVERY_PDF_WAIT_MS: 1000 });
    const s = freshStudy();
    gate.close();
    let a: Awaited<ReturnType<typeof audited>>;
    try {
      a = await audited(s);
      await until('the render in progress', async () => gate.held === 1);
      const [sent] = await until(
        'the delivery without the PDF',
        async () => receiver.of(a.id).length > 0 && receiver.of(a.id),
      );
      expect(sent).toMatchObject({ method: 'POST', status: 'final', pdf: null });
      await until('the delivery to settle', async () => (await delivery(s)).status === 'delivered');
      expect(await rendering()).toBe(1); // the PDF was still being made
    } finally {
      gate.open();
    }
    const v = await archived(s);
    const [, again] = await until(
      'the delivery with the PDF',
      async () => receiver.of(a.id).length === 2 && receiver.of(a.id),
    );
    expect(again).toMatchObject({ method: 'PUT', status: 'final', pdf: v.pdf_sha256 });
    await until('the re-send to settle', async () => (await delivery(s)).status === 'delivered');
    await pause(500); // five polls: nothing more is sent
    expect(receiver.of(a.id)).toHaveLength(2);
  }, 180_000);

  it('an audit cancelled after its delivery went without the PDF is withdrawn, and its PDF is not sent after', async () => {
    worker({ REPORT_ARCHIVE_POOL: 1, REPORT_ARCHIVE_CATCH_UP_MS: 1, REPORT_DELIVERY_PDF_WAIT_MS: 1000 });
    const s = freshStudy();
    gate.close();
    let a: Awaited<ReturnType<typeof audited>>;
    try {
      a = await audited(s);
      await until('the delivery without the PDF', async () => receiver.of(a.id).length > 0);
      const c = await post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: a.version });
      expect(c.status, c.text).toBe(200);
      await until('the withdrawal', async () => receiver.of(a.id).length === 2);
    } finally {
      gate.open();
    }
    await archived(s);
    await pause(500);
    expect(receiver.of(a.id).map((x) => [x.method, x.status, x.pdf])).toEqual([
      ['POST', 'final', null],
      ['PUT', 'entered-in-error', null],
    ]);
  }, 180_000);

  it('renders an archive pending past the catch-up bound in a place of its own while fresh renders hold the pool', async () => {
    w = worker({ REPORT_ARCHIVE_POOL: 1, REPORT_ARCHIVE_CATCH_UP_MS: 60_000, REPORT_DELIVERY_PDF_WAIT_MS: 0 });
    const late = freshStudy();
    gate.close();
    try {
      await audited(freshStudy());
      await until('the fresh render holding the pool', async () => (await rendering()) === 1);
      const b = await audited(late);
      await pause(500); // five polls: a fresh archive waits for the pool
      expect(await rendering()).toBe(1);
      // Audited 61 s ago: past the bound, so the place for late archives takes it although the pool is full.
      await p.deps.db
        .update(reportJob)
        .set({ created_at: new Date(Date.now() - 61_000) })
        .where(and(eq(reportJob.rpt_pk, b.rpt_pk), eq(reportJob.kind, 'archive')));
      await until('the late archive rendering beside the pool', async () => (await rendering()) === 2);
    } finally {
      gate.open();
    }
    await archived(late);
    expect(await rendererFor(w, gate.fetch(p.app), 'normal').pagesOpened()).toBe(1);
  }, 180_000);

  it('renders an archive pending longer than the catch-up bound at normal priority', async () => {
    w = worker({ REPORT_ARCHIVE_POOL: 1, REPORT_ARCHIVE_CATCH_UP_MS: 1, REPORT_DELIVERY_PDF_WAIT_MS: 0 });
    const s = freshStudy();
    await audited(s);
    await archived(s);
    const f = gate.fetch(p.app);
    expect(await rendererFor(w, f, 'normal').pagesOpened()).toBe(1);
    expect(await rendererFor(w, f, 'idle').pagesOpened()).toBe(0);
  }, 180_000);
});
