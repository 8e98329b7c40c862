/**
 * Standing load test: U simulated users (default 200; doctors and reviewing doctors of both demo hospitals)
 * use the real server for M minutes (default 5) on PostgreSQL, each looping worklist, open (info + lock),
 * save, sometimes audit or cancel an audit, print page (report config + info) and release, with think time.
 * The server runs as a child process (server/src/main.ts, request log on), the users in worker threads.
 * Prints per action count, errors, expected refusals and p50/p95/p99, and the server's memory at the start,
 * every minute and at the end. Exits 1 when any request failed.
 *
 *   npm run bench:load
 *   npm run bench:load -- --users 200 --minutes 5 --think-ms 1000 --studies 4000 --workers 2
 *   DATABASE_URL=postgres://... npm run bench:load     # a server of yours (creates database rx_bench_load)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/src/platform/db/client';
import { spawnServer, type ChildServer } from '../tests/support/child-server';
import { benchDatabase, latencyLine } from './lib/harness';
import { createLoadStudies, createLoadUsers } from './lib/load-data';
import { signInAll, startWorkers } from './lib/load-run';
import { LOAD_ACTIONS, mergeTallies, type LoadTally } from './lib/load-outcome';
import { cpuSeconds, memoryLine, sampleServerMemory, type MemorySample } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '5' },
    'think-ms': { type: 'string', default: '1000' },
    studies: { type: 'string', default: '4000' },
    workers: { type: 'string', default: '2' },
  },
});
const USERS = Number(args.users);
const MINUTES = Number(args.minutes);
const THINK_MS = Number(args['think-ms']);
const WORKERS = Math.max(1, Math.min(USERS, Number(args.workers)));
const here = path.dirname(fileURLToPath(import.meta.url));

async function prepare(url: string, dir: string) {
  const probeFile = path.join(dir, 'memory.json');
  const server = await spawnServer({
    DATABASE_URL: url,
    DATA_DIR: dir,
    NODE_OPTIONS: `--expose-gc --import ${path.join(here, 'lib/memory-probe.mjs')}`,
    BENCH_MEMORY_FILE: probeFile,
  });
  const database = await openDatabase({ url });
  const accounts = await createLoadUsers(database.db, USERS);
  await createLoadStudies(database.db, Number(args.studies));
  await database.close();
  return { server, probeFile, users: await signInAll(server.base, accounts) };
}

/** Samples the server's memory and CPU each minute while the load runs, printing them with the progress so far. */
async function watch(server: ChildServer, probeFile: string, counts: Int32Array, done: Promise<unknown>) {
  const samples: MemorySample[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  let cpu = { at: performance.now(), secs: cpuSeconds(server.pid) };
  for (let minute = 1; ; minute++) {
    await Promise.race([new Promise((r) => setTimeout(r, 60_000)), done]);
    if (finished) return samples;
    const now = { at: performance.now(), secs: cpuSeconds(server.pid) };
    const load = (100 * (now.secs - cpu.secs)) / ((now.at - cpu.at) / 1000);
    cpu = now;
    const m = await sampleServerMemory(server.pid, probeFile);
    samples.push(m);
    const progress = `${counts[0]} actions, ${counts[1]} errors, ${counts[2]} refused`;
    console.log(`${memoryLine(`minute ${minute}`, m)}  CPU ${load.toFixed(0)}%  | ${progress}`);
  }
}

/** Handler time per route from the server's request log (pino JSON lines on its stdout). */
function readRequestLog(stdout: NodeJS.ReadableStream) {
  const byRoute = new Map<string, number[]>();
  let rest = '';
  stdout.on('data', (b: Buffer) => {
    const lines = (rest + b.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"msg":"request"')) continue;
      const { method, path: route, ms } = JSON.parse(line) as { method: string; path: string; ms: number };
      const key = `${method} ${route}`;
      if (!byRoute.has(key)) byRoute.set(key, []);
      byRoute.get(key)!.push(ms);
    }
  });
  return byRoute;
}

function printResults(tally: LoadTally, secs: number) {
  console.log(`\n${secs.toFixed(0)} s of load; latency per action (an action may be several requests):`);
  for (const a of LOAD_ACTIONS) console.log(latencyLine(a, tally.ms[a], 14));
  const done = LOAD_ACTIONS.reduce((n, a) => n + tally.ms[a].length, 0);
  console.log(`throughput   ${(done / secs).toFixed(1)} actions/s`);
  const list = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, n]) => `\n  ${k}  x${n}`)
      .join('') || ' none';
  console.log(`errors:${list(tally.errors)}`);
  console.log(`expected refusals (another user changed the report first):${list(tally.refused)}`);
  console.log(
    `sent again on a new connection (kept-alive one closed by the server when reused):${list(tally.retried)}`,
  );
}

async function main() {
  const database = await benchDatabase('rx_bench_load', { fresh: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'rx-bench-load-'));
  let server: ChildServer | undefined;
  try {
    const prepared = await prepare(database.url, dir);
    server = prepared.server;
    console.log(
      `load: ${USERS} users (${prepared.users.filter((u) => u.auditor).length} reviewing doctors), ${MINUTES} min, think ${THINK_MS} ms (x0.5-1.5), ${WORKERS} worker threads, PostgreSQL, server pid ${server.pid}`,
    );
    const start = await sampleServerMemory(server.pid, prepared.probeFile);
    console.log(memoryLine('start', start));
    const counts = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    const serverMs = readRequestLog(server.stdout);
    const t0 = performance.now();
    const cpu0 = cpuSeconds(server.pid);
    const done = Promise.all(
      startWorkers(
        {
          base: server.base,
          users: prepared.users,
          until: Date.now() + MINUTES * 60_000,
          thinkMs: THINK_MS,
          workers: WORKERS,
        },
        counts.buffer as SharedArrayBuffer,
      ),
    );
    const samples = await watch(server, prepared.probeFile, counts, done);
    const tally = mergeTallies(await done);
    const secs = (performance.now() - t0) / 1000;
    const cpu = (100 * (cpuSeconds(server.pid) - cpu0)) / secs;
    const end = await sampleServerMemory(server.pid, prepared.probeFile);
    console.log(memoryLine('end', end));
    printResults(tally, secs);
    console.log('\nthe same requests as the server timed them (request log: handler start to end, no queueing):');
    for (const [route, ms] of [...serverMs].sort()) console.log(latencyLine(route, ms, 27));
    console.log(`server CPU over the run: ${cpu.toFixed(0)}% of one core (the machine has ${availableParallelism()})`);
    const growth = (from: MemorySample) =>
      `RSS ${(end.rss - from.rss).toFixed(1)} MiB, heap after GC ${(end.heapAfterGc - from.heapAfterGc).toFixed(1)} MiB`;
    console.log(
      `\nserver memory growth: start to end ${growth(start)}; minute 1 to end ${growth(samples[0] ?? start)}`,
    );
    if (Object.keys(tally.errors).length) process.exitCode = 1;
  } finally {
    server?.kill9();
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
    database.close();
  }
}

await main();
