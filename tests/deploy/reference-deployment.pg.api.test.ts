import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { screenSocketPath, type ScreenServerMessage } from '@shared/protocol/queue-screen';
import { spawnServer, throwawayDatabase, type ChildServer } from '../support/child-server';
import { startLocalS3 } from '../support/local-s3';
import { runNginx } from '../support/nginx-proxy';
import { freePort } from '../support/ports';
import { ctStudy, run } from '../support/dcmtk';
import { DEMO_PASSWORDS, type DemoUser } from '../support/demo-logins';
import { envFile, rendered, testTls, unitNodeArgs } from './reference';

// PostgreSQL only: the reference deployment is several processes on one PostgreSQL server.
/**
 * The reference production deployment (deploy/, docs/deploy.md) end to end on this machine: Debian's nginx
 * with TLS and its stream module in front of two server processes started as their systemd unit starts
 * them, with the unit's environment files, on PostgreSQL and the S3-protocol store. Everything listens on
 * 127.0.0.1; nginx reaches the DICOM listeners from 127.0.0.3, so the modality's address (127.0.0.1) can
 * only come from the PROXY header.
 */
const NGINX_SOURCE = '127.0.0.3';
const SAVE_CLIENTS = 3;
const AUDITS = 4;

interface Answer<T = unknown> {
  status: number;
  body: { success?: boolean; msg?: string; data?: T; token?: string } | null;
}

let work = '';
let ca: Buffer;
let agent: https.Agent;
let base = '';
let httpBase = '';
let databaseUrl = '';
let dicomPort = 0;
let nginx: Awaited<ReturnType<typeof runNginx>> | undefined;
let s3: Awaited<ReturnType<typeof startLocalS3>> | undefined;
let drop = async () => {};
const procs: { name: string; port: number; dicomPort: number; server: ChildServer }[] = [];

/** One request through nginx over TLS, trusting only the test CA. */
function call<T>(method: string, p: string, o: { token?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const body = o.json !== undefined ? JSON.stringify(o.json) : o.form ? new URLSearchParams(o.form).toString() : '';
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  if (o.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise<Answer<T>>((resolve, reject) => {
    const req = https.request(`${base}${p}`, { method, agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        let parsed: Answer<T>['body'] = null;
        try {
          parsed = JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer<T>['body'];
        } catch {
          // nginx's own error pages are HTML
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function data<T>(method: string, p: string, o: Parameters<typeof call>[2]): Promise<T> {
  const r = await call<T>(method, p, o);
  if (r.status !== 200 || !r.body?.success) throw new Error(`${p}: ${r.status} ${r.body?.msg}`);
  return r.body.data as T;
}

async function signIn(username: DemoUser): Promise<string> {
  const r = await call('POST', '/user/login', {
    form: { username, password: DEMO_PASSWORDS[username], logon_type: 'PC' },
  });
  if (!r.body?.token) throw new Error(`sign-in of ${username}: ${r.status} ${r.body?.msg}`);
  return r.body.token;
}

function openScreen(pk: number, key: string) {
  const url = `${base.replace(/^https/, 'wss')}${screenSocketPath(pk)}?key=${encodeURIComponent(key)}`;
  const ws = new WebSocket(url, { ca });
  const messages: ScreenServerMessage[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d)) as ScreenServerMessage));
  return new Promise<{ ws: WebSocket; messages: ScreenServerMessage[] }>((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

async function until(ok: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Which upstream served each logged request (nginx's access log, `$upstream_addr $status $request_method $uri`). */
function upstreamsOf(log: string, match: (line: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(path.join(nginx!.prefix, log), 'utf8').split('\n'))
    if (line && match(line)) for (const a of line.split(' ')[0]!.split(', ')) out.add(a);
  return out;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rxpacs-deploy-'));
  const tls = testTls(work);
  ca = tls.ca;
  agent = new https.Agent({ ca, keepAlive: true, maxSockets: 16 });
  const database = await throwawayDatabase(inject('pgAdminUrl'));
  drop = database.drop;
  databaseUrl = database.url;
  s3 = await startLocalS3('rxpacs-deploy');

  // The processes, as systemd starts rxpacs@a and rxpacs@b: together, with the shared and their own file.
  const shared = {
    ...envFile('env/rxpacs.env'),
    DATABASE_URL: database.url,
    SECRET_KEY: randomBytes(32).toString('base64'),
    ADMIN_PASSWORD: 'Deploy@2026',
    ...s3.env,
    // this test's only additions: demo users to work as, and nginx's DICOM side bound to its own address
    SEED: 'demo',
    DICOM_PROXY_PROTOCOL: NGINX_SOURCE,
  };
  const nodeArgs = unitNodeArgs('systemd/rxpacs@.service');
  const started = await Promise.all(
    ['a', 'b'].map(async (name) => {
      const own = envFile(`env/${name}.env`);
      const port = await freePort();
      const dp = await freePort();
      const server = await spawnServer(
        { ...shared, ...own, PORT: String(port), DICOM_PORT: String(dp), DATA_DIR: path.join(work, name) },
        nodeArgs,
      );
      return { name, port, dicomPort: dp, server, own };
    }),
  );
  procs.push(...started);
  const [a, b] = started;

  const p80 = await freePort();
  const p443 = await freePort();
  dicomPort = await freePort();
  const web = rendered('nginx/rxpacs-web.conf', [
    ['listen 80;', `listen 127.0.0.1:${p80};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${p443} ssl http2;`],
    [`127.0.0.1:${a!.own.PORT}`, `127.0.0.1:${a!.port}`],
    [`127.0.0.1:${b!.own.PORT}`, `127.0.0.1:${b!.port}`],
    ['/etc/rxpacs/tls/server.crt', tls.cert],
    ['/etc/rxpacs/tls/server.key', tls.key],
  ]);
  const dicom = rendered('nginx/rxpacs-dicom.conf', [
    ['stream {', "stream {\n    log_format rx '$upstream_addr $status';"],
    ['listen 104;', `listen 127.0.0.1:${dicomPort};`],
    [`127.0.0.1:${a!.own.DICOM_PORT}`, `127.0.0.1:${a!.dicomPort}`],
    [`127.0.0.1:${b!.own.DICOM_PORT}`, `127.0.0.1:${b!.dicomPort}`],
    ['proxy_protocol on;', `proxy_protocol on;\n        proxy_bind ${NGINX_SOURCE};\n        access_log dicom.log rx;`],
  ]);
  writeFileSync(path.join(work, 'rxpacs-web.conf'), web);
  writeFileSync(path.join(work, 'rxpacs-dicom.conf'), dicom);
  nginx = await runNginx(
    () => `load_module /usr/lib/nginx/modules/ngx_stream_module.so;
events { worker_connections 512; }
http {
  log_format rx '$upstream_addr $status $request_method $uri';
  access_log access.log rx;
  include ${work}/rxpacs-web.conf;
}
include ${work}/rxpacs-dicom.conf;`,
    p443,
  );
  base = `https://127.0.0.1:${p443}`;
  httpBase = `http://127.0.0.1:${p80}`;
}, 120_000);

afterAll(async () => {
  agent?.destroy();
  for (const p of procs) p.server.kill9();
  await Promise.all(procs.map((p) => p.server.exited));
  await nginx?.close();
  await s3?.close();
  await drop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('the reference deployment: nginx with TLS, two processes, PostgreSQL, S3', () => {
  it('serves, survives one process killed, and receives DICOM through the load balancer', async () => {
    // plain HTTP is sent to HTTPS
    const plain = await fetch(`${httpBase}/user/login`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([308, `https://127.0.0.1/user/login`]);
    const doctor = await signIn('doctor');
    const auditor = await signIn('auditor');
    const hadmin = await signIn('hadmin');
    const desk = await signIn('register');

    // A call screen on the proxy's WebSocket gets a call made through the proxy.
    const device = await data<{ pk: number; device_key: string }>('POST', '/device/saveCall', {
      token: hadmin,
      json: { name: 'Hall', rooms: [{ room_name: 'CT1' }] },
    });
    let screen = await openScreen(device.pk, device.device_key);
    const callAndSee = async (patId: string) => {
      const r = await data<{ pk: number; call_no: number }>('POST', '/register/save', {
        token: desk,
        json: { pat_id: patId, pat_name: '张三丰', patient_sex: 'M', modality: 'CT', call_room: 'CT1' },
      });
      await data('POST', '/register/callNumber', { token: desk, json: { pk: r.pk } });
      await until(() => screen.messages.some((m) => m.type === 'call' && m.call_no === r.call_no));
    };
    await callAndSee('DEPLOY1');

    // DICOM through nginx's stream module: two associations, one per process, as the registered device.
    const study = '1.2.826.0.1.3680043.8.498.77.35.1';
    const files = await ctStudy(work, 6, { study, patientName: 'Deploy^Test', patientId: 'DEP001' });
    const store = (some: string[]) =>
      run('storescu', ['-aet', 'ORTHANC', '-aec', 'RXPACS', '127.0.0.1', String(dicomPort), ...some]);
    for (const some of [files.slice(0, 2), files.slice(2, 4)]) expect((await store(some)).code).toBe(0);
    const instances = async () => {
      const r = await call<unknown>('GET', `/dicomweb/studies?StudyInstanceUID=${study}`, { token: doctor });
      const rows = (r.body as unknown as { '00201208'?: { Value: number[] } }[] | null) ?? [];
      return rows[0]?.['00201208']?.Value[0] ?? 0;
    };
    await until(async () => (await instances()) === 4);
    expect(upstreamsOf('dicom.log', () => true)).toEqual(new Set(procs.map((p) => `127.0.0.1:${p.dicomPort}`)));

    // Reports saved over both processes; one process killed in the middle of it.
    const worklist = await data<{ list: { study_iuid: string }[] }>('POST', '/api/order/OrderList', {
      token: doctor,
      json: { rpt_status: [0], pageSize: 10 },
    });
    const studies = worklist.list.slice(0, SAVE_CLIENTS).map((s) => s.study_iuid);

    // Audits over both processes: each one's PDF archive job is taken by one process, once.
    const toAudit = worklist.list.slice(SAVE_CLIENTS, SAVE_CLIENTS + AUDITS).map((s) => s.study_iuid);
    expect(toAudit).toHaveLength(AUDITS);
    for (const s of toAudit) {
      const texts = { study_iuid: s, rpt_good_status: 2, study_desc: '胸部CT平扫', report_text1: '双肺纹理清晰。', report_text2: '未见异常。', RemoveCheck: true }; // prettier-ignore
      const saved = await data<{ version: number }>('POST', '/report/save', {
        token: doctor,
        json: { ...texts, version: 1 },
      });
      await data('POST', '/report/audit', { token: auditor, json: { ...texts, version: saved.version } });
    }
    const jobs = async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      const { rows } = await c.query<{ state: string; attempts: number }>(
        "select state, attempts from report_job where kind = 'archive'",
      );
      await c.end();
      return rows;
    };
    // Each archive is a PDF rendered by a browser: on a busy 2-core machine four take over a minute.
    await until(async () => (await jobs()).filter((j) => j.state === 'done').length === AUDITS, 150_000);
    expect(await jobs()).toEqual(Array.from({ length: AUDITS }, () => ({ state: 'done', attempts: 1 })));
    const acked: { study: string; version: number; text: string; afterKill: boolean }[] = [];
    const refused: { status: number; msg: string | undefined }[] = [];
    let killed = false;
    let stop = false;
    const versionOf = async (s: string) => {
      for (;;) {
        const r = await call<{ reports: { version: number }[] }>('POST', '/report/info', {
          token: doctor,
          json: { study_iuid: s },
        }).catch(() => null);
        if (r?.body?.success) return r.body.data!.reports[0]!.version;
      }
    };
    const saver = async (s: string) => {
      let version = await versionOf(s);
      for (let n = 0; !stop; n++) {
        const text = `deploy ${s} #${n}`;
        const json = { study_iuid: s, version, rpt_good_status: 1, study_desc: '胸部CT平扫', report_text1: text, report_text2: '未见异常。' }; // prettier-ignore
        const r = await call<{ version: number }>('POST', '/report/save', { token: doctor, json }).catch(() => null);
        if (r?.status === 200 && r.body?.success) {
          version = r.body.data!.version;
          acked.push({ study: s, version, text, afterKill: killed });
          continue;
        }
        refused.push({ status: r?.status ?? 0, msg: r?.body?.msg });
        version = await versionOf(s);
      }
    };
    const savers = Promise.all(studies.map(saver));
    await until(() => acked.length >= 30);
    const [victim, survivor] = procs;
    victim!.server.kill9();
    killed = true;
    await until(() => acked.filter((x) => x.afterKill).length >= 30);
    stop = true;
    await savers;
    expect((await victim!.server.exited).code).toBeNull();

    // Both processes took saves before the kill (nginx is not sticky), only the survivor after it.
    const saves = (line: string) => line.endsWith('POST /report/save') && line.includes(' 200 ');
    expect(upstreamsOf('access.log', saves)).toEqual(new Set(procs.map((p) => `127.0.0.1:${p.port}`)));
    // What a client did not get an answer to: the request in flight on the killed process (nginx's 502),
    // then the stale version that save may have left behind (409); nothing else.
    expect(refused.length).toBeLessThanOrEqual(SAVE_CLIENTS * 2);
    for (const r of refused) expect([502, 409]).toContain(r.status);

    // Every acknowledged save is there, read through the proxy with the same session.
    for (const s of studies) {
      const versions = await data<{ texts: { report_text1: string } }[]>('POST', '/report/versions', {
        token: doctor,
        json: { study_iuid: s },
      });
      const kept = new Set(versions.map((v) => v.texts.report_text1));
      expect(acked.filter((x) => x.study === s && !kept.has(x.text))).toEqual([]);
    }

    // The call screen goes on: its socket, if it was on the killed process, is opened again as the page does.
    if (screen.ws.readyState !== WebSocket.OPEN) screen = await openScreen(device.pk, device.device_key);
    await callAndSee('DEPLOY2');
    screen.ws.close();

    // DICOM goes on through the survivor.
    expect((await store(files.slice(4))).code).toBe(0);
    await until(async () => (await instances()) === 6);
    expect(upstreamsOf('dicom.log', (l) => l.endsWith(' 200'))).toContain(`127.0.0.1:${survivor!.dicomPort}`);
  }, 300_000);
});
