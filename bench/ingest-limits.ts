/**
 * Bounded ingest (issue 32): what a zip bomb and 8 uploads at once cost a real server process in memory.
 * The server runs as `npm run serve` starts it (its Node flags), on embedded PGlite in a new DATA_DIR, started
 * once to load the demo data and again to measure (RSS at rest is the restarted server's, as in bench:images).
 * For each case: RSS at its start, its peak (/proc, every 25 ms), and RSS after the wait (30 s); for the
 * parallel case also the most ingests seen running at once (the server's "image ingest started" log lines).
 *
 *   npm run bench:ingest
 *   npm run bench:ingest -- --instances 60 --wait 30     # 8 zips of 60 512x512 CT instances each
 *   INGEST_CONCURRENCY=4 npm run bench:ingest
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDicom, uid, zipOf } from '../tests/support/dicom-builder';
import { spawnServer, type ChildServer } from '../tests/support/child-server';
import { zipOfZeros } from '../tests/support/zip-bomb';
import { signIn } from './lib/harness';
import { parseProcStatus, SERVE_NODE_FLAGS } from './lib/server-process';

const { values: args } = parseArgs({
  options: { instances: { type: 'string', default: '30' }, wait: { type: 'string', default: '30' } },
});
const INSTANCES = Number(args.instances);
const WAIT_S = Number(args.wait);

const rss = (pid: number) => parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8')).rss;

async function upload(server: ChildServer, token: string, name: string, data: Buffer) {
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.set('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.base}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    body: form,
  });
  const text = await res.text();
  const last = text.trim().split('\n').at(-1) ?? '';
  return `${res.status} ${(JSON.parse(last) as { msg: string }).msg}`;
}

/** RSS at the start, its peak while `run` runs, and after WAIT_S seconds. */
async function measure(server: ChildServer, run: () => Promise<string[]>) {
  const start = rss(server.pid);
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 25);
  const t0 = performance.now();
  const answers = await run().finally(() => clearInterval(sampler));
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, WAIT_S * 1000));
  return { start, peak, after: rss(server.pid), seconds, answers };
}

const ct = (study: number, n: number) =>
  buildDicom({
    study: uid(study),
    series: uid(study, 1),
    sop: uid(study, 1, n),
    instanceNumber: n,
    charset: 'GB18030',
    patientName: '王^小明',
    rows: 512,
    cols: 512,
  });

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rx-bench-ingest-'));
const env = { DATA_DIR: dataDir, NODE_OPTIONS: SERVE_NODE_FLAGS, LOG_LEVEL: 'info' };
const first = await spawnServer(env);
first.kill9();
await first.exited;
const server = await spawnServer(env);
const running: number[] = [];
server.stdout.on('data', (b: Buffer) => {
  for (const m of b.toString().matchAll(/"running":(\d+)[^\n]*"msg":"image ingest started"/g))
    running.push(Number(m[1]));
});
try {
  const { token } = await signIn(server.base, 'admin', 'Admin@123');
  await upload(server, token, 'warm.dcm', ct(900, 1));
  const bombs = [
    { name: '32 x 32 MiB of zeros', zip: zipOfZeros({ count: 32, zeros: 32 << 20 }) },
    { name: '4 x 240 MiB of zeros', zip: zipOfZeros({ count: 4, zeros: 240 << 20 }) },
    { name: '15 x (DICOM + 16 MiB zeros)', zip: zipOfZeros({ count: 15, zeros: 16 << 20, head: ct(901, 1) }) },
  ];
  const bomb = await measure(server, async () => {
    const out: string[] = [];
    for (const b of bombs)
      out.push(`${b.name} (${(b.zip.length / 1024).toFixed(0)} KB): ${await upload(server, token, 'bomb.zip', b.zip)}`);
    return out;
  });
  const zips = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      zipOf(Array.from({ length: INSTANCES }, (__, n) => ({ name: `IM${n + 1}`, data: ct(910 + i, n + 1) }))),
    ),
  );
  const parallel = await measure(server, () => Promise.all(zips.map((z, i) => upload(server, token, `s${i}.zip`, z))));
  const row = (name: string, m: typeof bomb) =>
    `| ${name} | ${m.start.toFixed(0)} | ${m.peak.toFixed(0)} (+${(m.peak - m.start).toFixed(0)}) | ${m.after.toFixed(0)} | ${m.seconds.toFixed(1)} s |`;
  console.log(
    `\nServer: ${SERVE_NODE_FLAGS || 'no Node flags'}, PGlite, INGEST_CONCURRENCY ${process.env.INGEST_CONCURRENCY ?? 2}`,
  );
  console.log(`| case | RSS start (MiB) | peak | after ${WAIT_S} s | time |`);
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row('zip bombs (3 uploads, one after the other)', bomb));
  console.log(row(`8 uploads at once (${INSTANCES} x 513 KB CT each)`, parallel));
  console.log(`most ingests running at once: ${Math.max(...running.slice(1))}`);
  for (const a of [...bomb.answers, ...parallel.answers]) console.log(`  ${a}`);
} finally {
  server.kill9();
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
}
