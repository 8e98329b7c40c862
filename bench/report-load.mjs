// Load generator of bench/report.ts, run in a worker thread: each doctor saves its own report over and
// over, and every tenth save audits it and cancels the audit again.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { threadCpuMs } from './lib/cpu.mjs';

const { base, tokens, studies, seconds, rate } = workerData;
// rate 0: every doctor saves again as soon as the last save answered (capacity); otherwise the
// doctors together offer `rate` saves a second, each keeping its own pace (latency at that load).
const interval = rate > 0 ? (studies.length / rate) * 1000 : 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const saveMs = [];
const auditMs = [];
const findings = '双肺纹理清晰，走行自然，未见明显实变影及结节影。纵隔内未见明显肿大淋巴结。'.repeat(4);

// node:http with keep-alive costs the shared CPU less than fetch, leaving more of it to the server.
// A socket idle 4 s is closed by us, before the server's 5 s keep-alive closes it: a request never goes out on a
// socket the server is closing at that moment (ECONNRESET; the agent reuses the last freed socket first, so some sit idle).
const agent = new http.Agent({ keepAlive: true, maxSockets: studies.length, timeout: 4_000 });
const { hostname, port } = new URL(base);

function post(token, path, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          authorization: token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (!json.success) reject(new Error(`${path} failed: ${json.msg}`));
          else resolve(json.data);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function doctor(i, until) {
  let version = (await post(tokens[i], '/report/info', { study_iuid: studies[i] })).reports[0].version;
  let n = 0;
  const start = performance.now() + (interval * i) / studies.length;
  if (interval) await sleep(start - performance.now());
  while (Date.now() < until) {
    if (interval) await sleep(start + n * interval - performance.now());
    const body = {
      study_iuid: studies[i],
      version,
      rpt_good_status: 1,
      study_desc: '胸部CT平扫',
      report_text1: `${findings} ${n}`,
      report_text2: '胸部CT平扫未见明显异常。',
    };
    let t = performance.now();
    version = (await post(tokens[i], '/report/save', body)).version;
    saveMs.push(performance.now() - t);
    // Every tenth save is audited, each doctor at its own turn: doctors who all audit in the same 100 ms
    // every second (they start together) are a burst of 100 transitions, not the day this bench offers.
    if ((++n + i) % 10 === 0) {
      t = performance.now();
      version = (await post(tokens[i], '/report/audit', { ...body, version })).version;
      auditMs.push(performance.now() - t);
      version = (await post(tokens[i], '/report/cancelAudit', { study_iuid: studies[i], version })).version;
    }
  }
}

const t0 = performance.now();
const cpu0 = threadCpuMs();
const until = Date.now() + seconds * 1000;
await Promise.all(studies.map((_, i) => doctor(i, until)));
parentPort.postMessage({ saveMs, auditMs, secs: (performance.now() - t0) / 1000, loadCpuMs: threadCpuMs() - cpu0 });
