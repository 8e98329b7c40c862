// The simulated users of bench/load.ts, run in a worker thread (started through load-worker.mjs): each
// loops worklist, open, save, sometimes audit or cancel an audit, print page, release, with think time.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { Envelope } from '../../shared/src/errors';
import type { Page } from '../../shared/src/schemas/common';
import type { StudyRow } from '../../shared/src/schemas/order';
import type { ReportInfo, SaveReportInput } from '../../shared/src/schemas/report';
import { classify, emptyTally, type LoadAction } from './load-outcome';

export interface LoadUser {
  token: string;
  auditor: boolean;
}
export interface LoadWorkerData {
  base: string;
  users: LoadUser[];
  until: number;
  thinkMs: number;
  /** Int32Array counters shared with the main thread: actions done, errors, expected refusals. */
  counters: SharedArrayBuffer;
}

const { base, users, until, thinkMs, counters } = workerData as LoadWorkerData;
const counts = new Int32Array(counters);
const tally = emptyTally();
// Idle sockets closed after 4 s, before the server's 5 s keep-alive does (else a reused one can meet ECONNRESET).
const agent = new http.Agent({ keepAlive: true, maxSockets: users.length, timeout: 4_000 });
const { hostname, port } = new URL(base);
const FINDINGS = '双肺纹理清晰，走行自然，未见明显实变影及结节影。纵隔内未见明显肿大淋巴结。'.repeat(3);
const MODALITIES = ['CT', 'MR', 'DR', 'US', 'DX'] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(thinkMs * (0.5 + Math.random()));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const count = (key: Record<string, number>, k: string) => (key[k] = (key[k] ?? 0) + 1);

interface Answer {
  status: number;
  body: Envelope | null;
}

function send(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload: string,
  fresh = false,
): Promise<Answer & { reused: boolean }> {
  const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
  if (method === 'POST') {
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  }
  return new Promise((resolve) => {
    const req = http.request({ agent: fresh ? false : agent, hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let parsed: Envelope | null = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope;
        } catch {
          // not the envelope: classify() counts it as an error
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, reused: false });
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = `${err.code} on a ${req.reusedSocket ? 'reused' : 'new'} connection`;
      const body = { success: false, msg: err.message, data: null, error: code as Envelope['error'] };
      resolve({ status: 0, body, reused: req.reusedSocket && err.code === 'ECONNRESET' });
    });
    req.end(payload);
  });
}

/**
 * One request. One sent on a kept-alive connection that the server closed for idleness just as it was reused
 * is sent again once, on a connection of its own, as browsers do; such retries are counted apart.
 */
async function request(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const first = await send(token, method, path, payload);
  if (!first.reused) return first;
  count(tally.retried, `${method} ${path}: ${first.body?.error}`);
  return send(token, method, path, payload, true);
}

type Call = [method: 'GET' | 'POST', path: string, body?: unknown];

/** Runs an action's requests in order, timed together; answers each one's data, or null when one failed. */
async function act(action: LoadAction, token: string, calls: Call[]): Promise<unknown[] | null> {
  const t = performance.now();
  const data: unknown[] = [];
  for (const [method, path, body] of calls) {
    const answer = await request(token, method, path, body);
    const outcome = classify(action, answer.status, answer.body);
    if (outcome.kind !== 'ok') {
      count(outcome.kind === 'error' ? tally.errors : tally.refused, outcome.key);
      Atomics.add(counts, outcome.kind === 'error' ? 1 : 2, 1);
      return null;
    }
    data.push(answer.body!.data);
  }
  tally.ms[action].push(performance.now() - t);
  Atomics.add(counts, 0, 1);
  return data;
}

/** Worklist filters a user keeps, each with the pages it last had, so users spread over the list. */
function worklist(u: LoadUser, pages: Map<string, number>) {
  const modality = pick(MODALITIES);
  const rpt_status = u.auditor ? [1, 2] : [0, 1, 3];
  const pageNumber = 1 + Math.floor(Math.random() * (pages.get(modality) ?? 1));
  const filter = { modalitys: [modality], rpt_status, startDate: day(29), endDate: day(0), pageNumber, pageSize: 20 };
  return act('worklist', u.token, [['POST', '/api/order/OrderList', filter]]).then((data) => {
    const page = data?.[0] as Page<StudyRow> | undefined;
    if (page) pages.set(modality, Math.max(1, Math.ceil(page.totalRow / 20)));
    return page?.list.length ? pick(page.list) : null;
  });
}

function saveBody(info: ReportInfo, version: number, n: number): SaveReportInput {
  const text = { report_text1: `${FINDINGS} ${n}`, report_text2: '胸部CT平扫未见明显异常。' };
  return {
    study_iuid: info.study.study_iuid,
    rpt_position: 1,
    version,
    rpt_good_status: 1,
    study_desc: info.study.study_desc,
    ...text,
  };
}

/** Writes the report as the user would: a doctor saves it, a reviewing doctor also audits or cancels an audit. */
async function write(u: LoadUser, info: ReportInfo, n: number) {
  const report = info.reports.find((r) => r.rpt_position === 1);
  if (!report || report.rpt_status === 4) return;
  const study_iuid = info.study.study_iuid;
  if (report.rpt_status === 2) {
    if (u.auditor && Math.random() < 0.5)
      await act('cancel audit', u.token, [['POST', '/report/cancelAudit', { study_iuid, version: report.version }]]);
    return;
  }
  const data = await act('save', u.token, [['POST', '/report/save', saveBody(info, report.version, n)]]);
  const saved = data?.[0] as { version: number } | undefined;
  if (!saved || !u.auditor || Math.random() >= 0.5) return;
  await think();
  await act('audit', u.token, [['POST', '/report/audit', saveBody(info, saved.version, n)]]);
}

async function user(u: LoadUser) {
  const pages = new Map<string, number>();
  await sleep(Math.random() * thinkMs * 2);
  for (let n = 0; Date.now() < until; n++) {
    const row = await worklist(u, pages);
    await think();
    if (!row) continue;
    const study_iuid = row.study_iuid;
    const opened = await act('open', u.token, [
      ['POST', '/report/info', { study_iuid }],
      ['POST', '/report/lock', { study_iuid }],
    ]);
    await think();
    if (!opened) continue;
    const [info, lock] = opened as [ReportInfo, { mine: boolean }];
    await write(u, info, n);
    await think();
    await act('print', u.token, [
      ['GET', '/tool/reportConfig'],
      ['POST', '/report/info', { study_iuid }],
    ]);
    await think();
    if (lock.mine) await act('release', u.token, [['POST', '/report/cleanLock', { study_iuid }]]);
    await think();
  }
}

await Promise.all(users.map(user));
agent.destroy();
parentPort!.postMessage(tally);
