/**
 * Worklist speed at hospital scale: loads N studies (default 1,000,000) into PostgreSQL, then measures
 * the worklist (one hospital, a date range, a modality, first page) through the HTTP API and the very
 * same prepared statements (page and count, on connections with the platform's settings) run directly from this process,
 * and prints p50/p95/p99 of both and their ratio, so the platform's cost over the database's is visible
 * on any machine.
 *
 *   npm run bench:worklist                  # 1,000,000 studies over 10 hospitals, private PostgreSQL cluster
 *   npm run bench:worklist -- --studies 200000 --iterations 300
 *   npm run bench:worklist -- --studies 10000000 --hospitals 50   # a region
 *   npm run bench:worklist -- --reuse       # keep the loaded studies of an earlier run (with DATABASE_URL)
 *   DATABASE_URL=postgres://... npm run bench:worklist   # a server of yours (creates database rx_bench)
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { and, fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../server/src/bootstrap';
import { platformPool, type Db } from '../server/src/platform/db/client';
import { loadEnv } from '../server/src/platform/core/env';
import { hashPassword } from '../server/src/platform/core/crypto';
import { placeholders } from '../server/src/modules/order/binder';
import { pageQuery } from '../server/src/modules/order/page';
import { countQuery, reportWhere, studyOnlyWhere, type StudyFilter } from '../server/src/modules/order/query';
import { benchDatabase, jsonClient, latencyLine, listen, median, ratioLine, signIn } from './lib/harness';
import { loadWorklistData } from './lib/worklist-data';
import { backendCpuMs, threadCpuMs } from './lib/cpu.mjs';

const { values: args } = parseArgs({
  options: {
    studies: { type: 'string', default: '1000000' },
    hospitals: { type: 'string', default: '10' },
    iterations: { type: 'string', default: '500' },
    reuse: { type: 'boolean', default: false },
  },
});
const ITER = Number(args.iterations);
const DB = 'rx_bench';
const HOSPITAL = 'H001';

// The queries a worklist user makes all day: the last 1, 7 or 30 days, one modality, first page.
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const variants = ['CT', 'MR', 'DR', 'US', 'DX'].flatMap((m) =>
  [0, 6, 29].map((d) => ({ modalitys: [m], startDate: day(d), endDate: day(0), pageNumber: 1, pageSize: 20 })),
);
type Variant = (typeof variants)[number];

async function benchUser(db: Db) {
  const { sysUser, role } = await import('../server/src/platform/db/schema');
  const { eq } = await import('drizzle-orm');
  const [doctorRole] = await db.select().from(role).where(eq(role.code, 'report_doctor'));
  await db
    .insert(sysUser)
    .values({
      username: 'bench',
      password_hash: await hashPassword('Bench@123'),
      hospital_code: HOSPITAL,
      role_pk: doctorRole!.pk,
    })
    .onConflictDoNothing();
}

/** The prepared statements the API runs for a variant (`list-statements.ts`), as text and values. */
function sqlOf(db: Db, userPk: number, v: Variant, k: number) {
  const filter: StudyFilter = {
    hospital: { all: false, code: HOSPITAL },
    modalities: v.modalitys,
    startDate: v.startDate,
    endDate: v.endDate,
  };
  const { binder, values } = placeholders();
  const where = { study: studyOnlyWhere(filter, binder), report: reportWhere(filter, binder) };
  const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const all = { ...values, userPk, limit: v.pageSize, offset: 0 };
  const statement = (name: string, q: { sql: string; params: unknown[] }) => ({
    name: `bench_${name}_${k}`,
    text: q.sql,
    values: fillPlaceholders(q.params, all),
  });
  return {
    page: statement('page', pageQuery(db, sql.placeholder('userPk'), where, 'create_time desc', window).toSQL()),
    count: statement('count', countQuery(db, and(where.study, where.report), false).toSQL()),
  };
}

/** API and direct SQL, alternating request by request so both see the same machine, taking turns at going first. */
async function measure(base: string, token: string, raw: pg.Pool, statements: ReturnType<typeof sqlOf>[]) {
  const client = jsonClient(base, token);
  const apiMs: number[] = [];
  const sqlMs: number[] = [];
  for (let i = 0; i < ITER + 50; i++) {
    const k = i % variants.length;
    const q = statements[k]!;
    const api = async () => {
      const t = performance.now();
      await client.post('/api/order/OrderList', variants[k]);
      if (i >= 50) apiMs.push(performance.now() - t);
    };
    const direct = async () => {
      const t = performance.now();
      await Promise.all([raw.query(q.page), raw.query(q.count)]);
      if (i >= 50) sqlMs.push(performance.now() - t);
    };
    // Whichever runs second finds the variant's pages in shared buffers: each goes first every other round.
    if (Math.floor(i / variants.length) % 2 === 0) {
      await api();
      await direct();
    } else {
      await direct();
      await api();
    }
  }
  client.close();
  return { apiMs, sqlMs };
}

/** CPU time of each backend of the bench's database so far, ms, by process id. */
async function backends(raw: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await raw.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return new Map(rows.map((r) => [r.pid, backendCpuMs([r.pid])]));
}

/** PostgreSQL CPU spent since `before` (a backend started since counts from zero), ms. */
async function backendsSince(raw: pg.Pool, before: Map<number, number>): Promise<number> {
  let ms = 0;
  for (const [pid, now] of await backends(raw)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/**
 * Where a worklist page's CPU goes (issue 39's per-CPU goal: the server's at most PostgreSQL's for the same
 * page). The requests come from a worker thread, so this thread's CPU time is the server's; PostgreSQL's is
 * read per backend of this database, then the same statements run directly for the database's own cost.
 */
async function cpuPerPage(base: string, token: string, raw: pg.Pool, statements: ReturnType<typeof sqlOf>[]) {
  const pg0 = await backends(raw);
  const server0 = threadCpuMs();
  const worker = new Worker(new URL('./lib/worklist-client.mjs', import.meta.url), {
    workerData: { base, token, variants, requests: ITER },
  });
  const { clientCpuMs } = await new Promise<{ clientCpuMs: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const serverMs = threadCpuMs() - server0;
  const apiPgMs = await backendsSince(raw, pg0);
  const direct0 = await backends(raw);
  for (let i = 0; i < ITER; i++) {
    const q = statements[i % statements.length]!;
    await Promise.all([raw.query(q.page), raw.query(q.count)]);
  }
  const directPgMs = await backendsSince(raw, direct0);
  const us = (ms: number) => `${((ms * 1000) / ITER).toFixed(0)} µs`;
  const ratio = serverMs / (apiPgMs || 1);
  console.log(
    `CPU per page   server ${us(serverMs)}, PostgreSQL ${us(apiPgMs)} (through the API), ${us(directPgMs)} (direct); load generator ${us(clientCpuMs)}`,
  );
  console.log(`server / PostgreSQL CPU per page: ${ratio.toFixed(2)} (goal <= 1: ${ratio <= 1 ? 'meets' : 'MISSES'})`);
}

async function main() {
  const database = await benchDatabase(DB, { fresh: !args.reuse });
  const data = { studies: Number(args.studies), hospitals: Number(args.hospitals) };
  try {
    const env = loadEnv({ DATABASE_URL: database.url, SEED: 'none', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
    const platform = await bootstrap(env);
    await loadWorklistData(database.url, data, args.reuse);
    const db = platform.deps.db;
    await benchUser(db);
    const server = await listen(platform.app);
    const { token, user } = await signIn(server.base, 'bench', 'Bench@123');
    const raw = platformPool(database.url, 4);
    const statements = variants.map((v, k) => sqlOf(db, user.pk, v, k));
    const { apiMs, sqlMs } = await measure(server.base, token, raw, statements);

    const explain = await raw.query(`explain analyze ${statements[1]!.page.text}`, statements[1]!.page.values);
    console.log(
      `\nworklist, hospital ${HOSPITAL}, ${data.studies.toLocaleString()} studies over ${data.hospitals} hospitals, ${ITER} requests over ${variants.length} filter variants`,
    );
    console.log(latencyLine('API  POST /api/order/OrderList', apiMs, 34));
    console.log(latencyLine('SQL  page + count (direct)', sqlMs, 34));
    console.log(`overhead at p50: ${(median(apiMs) - median(sqlMs)).toFixed(2)} ms`);
    console.log(ratioLine('API / SQL:', apiMs, sqlMs, 1.5));
    await cpuPerPage(server.base, token, raw, statements);
    console.log('\nplan of the page query (CT, last 7 days):');
    console.log(explain.rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n'));
    await raw.end();
    server.close();
    await platform.close();
  } finally {
    database.close();
  }
}

await main();
