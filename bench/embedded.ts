/**
 * What the embedded default holds (issue 35): the same department's load (bench/load.ts's users: worklist,
 * open, save, audit, print, release, think time ~1 s) in steps of more users, on the embedded database
 * (DATA_DIR on disk) and on PostgreSQL in the same run, the real server in a child process each time. Prints per
 * step (after 15 s of unmeasured warm-up) the p95 of worklist, open and save, the slowest action and how many requests were shed (503), then for
 * each database the most users served with those three p95 under 1 s.
 *
 *   npm run bench:embedded
 *   npm run bench:embedded -- --steps 50,100,200,300,400 --seconds 30
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/src/platform/db/client';
import { spawnServer, type ChildServer } from '../tests/support/child-server';
import { benchDatabase, pct } from './lib/harness';
import { createLoadStudies, createLoadUsers } from './lib/load-data';
import { mergeTallies, type LoadTally } from './lib/load-outcome';
import { signInAll, startWorkers } from './lib/load-run';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '50,100,200,300,400' },
    seconds: { type: 'string', default: '30' },
    studies: { type: 'string', default: '4000' },
    'think-ms': { type: 'string', default: '1000' },
  },
});
const STEPS = args.steps.split(',').map(Number);
const SECONDS = Number(args.seconds);
const MAX_USERS = Math.max(...STEPS);
const KEY = ['worklist', 'open', 'save'] as const;

interface Step {
  users: number;
  p95: Record<(typeof KEY)[number], number>;
  slowest: number;
  shed: number;
  errors: number;
}

async function prepare(kind: 'pglite' | 'postgres', dir: string, url?: string) {
  const env = { DATA_DIR: dir, ...(url ? { DATABASE_URL: url } : {}) };
  // A first start loads the demo data (roles, hospitals); the embedded database is then free to add users to.
  const seeding = await spawnServer(env);
  seeding.kill9();
  await seeding.exited;
  const database = await openDatabase({ url, dataDir: path.join(dir, 'pgdata') });
  const accounts = await createLoadUsers(database.db, MAX_USERS);
  await createLoadStudies(database.db, Number(args.studies));
  await database.close();
  const server = await spawnServer(env);
  console.log(`${kind}: server pid ${server.pid}, ${MAX_USERS} users, ${args.studies} studies`);
  return { server, users: await signInAll(server.base, accounts) };
}

function summarise(users: number, t: LoadTally): Step {
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  const all = Object.values(t.ms).flat();
  const count = (match: (k: string) => boolean) =>
    Object.entries(t.errors).reduce((n, [k, v]) => n + (match(k) ? v : 0), 0);
  return {
    users,
    p95: Object.fromEntries(KEY.map((k) => [k, pct(sorted(t.ms[k]), 95)])) as Step['p95'],
    slowest: Math.max(0, ...all),
    shed: count((k) => k.includes(' 503 ')),
    errors: count((k) => !k.includes(' 503 ')),
  };
}

async function run(kind: 'pglite' | 'postgres', url?: string): Promise<Step[]> {
  const dir = mkdtempSync(path.join(tmpdir(), `rx-bench-embedded-${kind}-`));
  let server: ChildServer | undefined;
  try {
    const prepared = await prepare(kind, dir, url);
    server = prepared.server;
    const steps: Step[] = [];
    // Unmeasured warm-up at the first step's size: the first queries read tables and indexes from disk.
    const warm = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    const warmUp = { base: server.base, users: prepared.users.slice(0, STEPS[0]), until: Date.now() + 15_000 };
    await Promise.all(
      startWorkers({ ...warmUp, thinkMs: Number(args['think-ms']), workers: 2 }, warm.buffer as SharedArrayBuffer),
    );
    for (const users of STEPS) {
      const counts = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
      const opts = {
        base: server.base,
        users: prepared.users.slice(0, users),
        until: Date.now() + SECONDS * 1000,
        thinkMs: Number(args['think-ms']),
        workers: 2,
      };
      const step = summarise(
        users,
        mergeTallies(await Promise.all(startWorkers(opts, counts.buffer as SharedArrayBuffer))),
      );
      const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
      console.log(
        `  ${String(users).padStart(4)} users  p95 worklist ${f(step.p95.worklist)}  open ${f(step.p95.open)}  save ${f(step.p95.save)}  slowest ${f(step.slowest)}  shed (503) ${step.shed}  other errors ${step.errors}`,
      );
      steps.push(step);
    }
    return steps;
  } finally {
    server?.kill9();
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const held = (steps: Step[]) =>
  Math.max(
    0,
    ...steps.filter((s) => KEY.every((k) => s.p95[k] < 1000) && s.errors === 0 && s.shed === 0).map((s) => s.users),
  );

console.log(`steps of ${SECONDS} s: ${STEPS.join(', ')} users; p95 per action (an action may be several requests)`);
const embedded = await run('pglite');
const database = await benchDatabase('rx_bench_embedded', { fresh: true });
const postgres = await run('postgres', database.url).finally(() => database.close());
console.log(
  `\nusers served at p95 < 1 s (worklist, open, save), nothing shed: embedded ${held(embedded)}, PostgreSQL ${held(postgres)}`,
);
for (const step of embedded.filter((s) => s.users === 100 || s === embedded.at(-1))) {
  console.log(
    `embedded at ${step.users} users: slowest action ${(step.slowest / 1000).toFixed(2)} s, ${step.shed} requests shed with 503, ${step.errors} other errors`,
  );
}
