/**
 * Image archive figures (issue 11): a 300-image 512 x 512 16-bit CT series (GB18030 patient name) uploaded as
 * one zip to a real server process, on embedded PGlite and on PostgreSQL:
 *   - ingest rate (instances/s, from the request's start to the result line) and the transfer's share;
 *   - server RSS at rest (after a full GC) and its peak while the upload runs (/proc, sampled every 25 ms);
 * then the viewer's first-image time in Chromium (median of 5, fresh browser context each), with the HTTP cache
 * cold and warm, each with its opening phase by phase (issue 39: bench/lib/first-image-trace.ts).
 *
 *   npm run bench:images                                   # builds the web app, then measures
 *   npm run bench:images -- --instances 2000               # a 1 GB zip
 *   npm run bench:images -- --db pglite --runs 9
 *   npm run bench:images -- --db pglite --cache cold            # the viewer alone, quicker while iterating
 *   DATABASE_URL=postgres://... npm run bench:images      # your PostgreSQL server (database rx_bench_images)
 */
import { openAsBlob, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { UploadLine } from '../shared/src/schemas/images';
import { buildDicom, uid, zipOf } from '../tests/support/dicom-builder';
import { spawnServer, type ChildServer } from '../tests/support/child-server';
import { measureFirstImage } from './lib/first-image';
import { phaseTable } from './lib/first-image-trace';
import { benchDatabase, median, signIn } from './lib/harness';
import { parseProcStatus, sampleServerMemory, SERVE_NODE_FLAGS } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '300' },
    db: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '5' },
    // cold: each run a fresh browser (the first visit); warm: the app's start page loaded first in it, as when
    // the viewer opens from the signed-in app (its shared scripts then come from the HTTP cache).
    cache: { type: 'string', default: 'cold,warm' },
  },
});
const INSTANCES = Number(args.instances);
const RUNS = Number(args.runs);
const here = path.dirname(fileURLToPath(import.meta.url));
const STUDY = uid(990, 1);
const RSS_TARGET_MIB = 400;
const FIRST_IMAGE_TARGET_MS = 500;

async function ctZip(dir: string): Promise<{ file: string; bytes: number }> {
  const entries = Array.from({ length: INSTANCES }, (_, i) => ({
    name: `CT/IM${String(i + 1).padStart(4, '0')}`,
    data: buildDicom({
      study: STUDY,
      series: uid(990, 1, 1),
      sop: uid(990, 1, 1, i + 1),
      instanceNumber: i + 1,
      charset: 'GB18030',
      patientName: '王^小明',
      studyDesc: '胸部CT平扫',
      rows: 512,
      cols: 512,
    }),
  }));
  const file = path.join(dir, 'ct.zip');
  const zip = await zipOf(entries);
  await writeFile(file, zip);
  return { file, bytes: zip.length };
}

const rssNow = (pid: number) => parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8')).rss;

interface UploadFigures {
  seconds: number;
  transferSeconds: number;
  uploaded: number;
  restMib: number;
  peakMib: number;
}

async function upload(server: ChildServer, probeFile: string, zip: string): Promise<UploadFigures> {
  const { token } = await signIn(server.base, 'admin', 'Admin@123');
  const rest = await sampleServerMemory(server.pid, probeFile);
  let peak = rest.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, rssNow(server.pid))), 25);
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.set('file', await openAsBlob(zip), 'ct.zip');
  const start = performance.now();
  try {
    const res = await fetch(`${server.base}/UploadDicom/uploadZip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok || !res.body) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const transferSeconds = (performance.now() - start) / 1000;
    let result: Extract<UploadLine, { type: 'result' }> | undefined;
    let pending = '';
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      pending += r.value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const parsed = JSON.parse(line) as UploadLine;
        if (parsed.type === 'result') result = parsed;
      }
    }
    const seconds = (performance.now() - start) / 1000;
    if (!result?.success) throw new Error(`upload failed: ${JSON.stringify(result)}`);
    return { seconds, transferSeconds, uploaded: result.data.uploaded, restMib: rest.rss, peakMib: peak };
  } finally {
    clearInterval(sampler);
  }
}

const f1 = (x: number) => x.toFixed(1);

/** The server's own time (ms, its request log) of each answer on a path, as the runs make them. */
function serverTimes(server: ChildServer, path: string): number[] {
  const ms: number[] = [];
  let pending = '';
  server.stdout.removeAllListeners('data');
  server.stdout.on('data', (b: Buffer) => {
    const lines = (pending + b.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const l of lines) {
      if (!l.includes(`"path":"${path}"`)) continue;
      const m = /"ms":([\d.]+)/.exec(l);
      if (m) ms.push(Number(m[1]));
    }
  });
  return ms;
}

const line = (label: string, ms: number[]) =>
  `${label} ${f1(median(ms))} ms median of ${ms.length} (${ms.map((x) => x.toFixed(0)).join(', ')})`;

/** The viewer's first image in Chromium, with the opening phase by phase and the server's time on the preview. */
async function firstImage(server: ChildServer, warm: boolean): Promise<void> {
  const previewMs = serverTimes(server, '/wado/viewerPreview');
  const runs = await measureFirstImage({
    baseUrl: server.base,
    username: 'admin',
    password: 'Admin@123',
    studyIuid: STUDY,
    runs: RUNS,
    warm,
  });
  const cache = warm ? 'HTTP cache warm (the app loaded once before)' : 'HTTP cache cold';
  console.log(
    `${line(
      `viewer    first image, ${cache}`,
      runs.map((r) => r.first),
    )}; goal < ${FIRST_IMAGE_TARGET_MS} ms`,
  );
  console.log(
    line(
      '          stack live (Cornerstone drew, scrolling and tools work)',
      runs.map((r) => r.stack),
    ),
  );
  console.log('          the opening phase by phase, ms from navigation start: median (each run)');
  for (const row of phaseTable(
    runs.map((r) => r.phases),
    median,
  ))
    console.log(row);
  console.log(line('          the server on /wado/viewerPreview (its request log)', previewMs.splice(0)));
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-images-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => rm(dir, { recursive: true, force: true })];
  try {
    const zip = await ctZip(dir);
    console.log(
      `${INSTANCES} CT instances, 512 x 512 16-bit, one zip of ${f1(zip.bytes / 1024 ** 2)} MiB; server RSS goal < ${RSS_TARGET_MIB} MiB`,
    );
    let firstImageServer: ChildServer | undefined;
    for (const db of args.db.split(',')) {
      const dataDir = await mkdtemp(path.join(dir, `${db}-`));
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        NODE_OPTIONS: `${SERVE_NODE_FLAGS} --expose-gc --import ${path.join(here, 'lib/memory-probe.mjs')}`,
        BENCH_MEMORY_FILE: path.join(dataDir, 'memory.json'),
      };
      if (db === 'postgres') {
        const database = await benchDatabase('rx_bench_images', { fresh: true });
        cleanups.push(database.close);
        env.DATABASE_URL = database.url;
      } else if (db !== 'pglite') throw new Error(`--db: pglite or postgres, not ${db}`);
      let server = await spawnServer(env);
      if (db === 'pglite') {
        // A new data folder inflates PGlite's WASM heap while it is created and seeded; a hospital's server
        // runs on an existing one, so measure after a restart.
        process.kill(server.pid, 'SIGTERM');
        await server.exited;
        server = await spawnServer(env);
      }
      const running = server;
      cleanups.push(() => running.kill9());
      const u = await upload(server, env.BENCH_MEMORY_FILE!, zip.file);
      console.log(
        `${db.padEnd(9)} ingest ${f1(u.uploaded / u.seconds)} instances/s (${u.uploaded} in ${f1(u.seconds)} s, ${f1(zip.bytes / 1024 ** 2 / u.seconds)} MiB/s; the answer began after ${f1(u.transferSeconds)} s)` +
          `  RSS at rest ${f1(u.restMib)} MiB, peak while ingesting ${f1(u.peakMib)} MiB (+${f1(u.peakMib - u.restMib)})`,
      );
      if (db === 'pglite') firstImageServer = server;
      else server.kill9();
    }
    if (firstImageServer) {
      for (const cache of args.cache.split(',')) {
        if (cache !== 'cold' && cache !== 'warm') throw new Error(`--cache: cold or warm, not ${cache}`);
        await firstImage(firstImageServer, cache === 'warm');
      }
    }
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}

await main();
