/**
 * Opening a report, the desk's most frequent action and the slowest in the standing load test: a doctor
 * asks for `/report/info` (study, reports, layout, drafts, lock) and `/report/lock`, one after the other,
 * over the demo studies, through the HTTP API of a platform in this process. Prints p50/p95/p99 of each,
 * the statements sent to PostgreSQL per request and CPU per request of this process
 * (server and client) and of PostgreSQL.
 *
 *   npm run bench:open                      # private PostgreSQL cluster, 2,000 opens
 *   npm run bench:open -- --iterations 500
 *   DATABASE_URL=postgres://... npm run bench:open   # a server of yours (creates database rx_bench_open)
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap } from '../server/src/bootstrap';
import { loadEnv } from '../server/src/platform/core/env';
import { postgresCpuMs, threadCpuMs } from './lib/cpu.mjs';
import { benchDatabase, jsonClient, latencyLine, listen, signIn } from './lib/harness';

const { values: args } = parseArgs({ options: { iterations: { type: 'string', default: '2000' } } });
const ITER = Number(args.iterations);
const WARMUP = 100;
const DB = 'rx_bench_open';

/** Statements sent to PostgreSQL from this process: every query of the platform goes through pg.Client#query. */
let sent = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  sent++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

async function phase(name: string, ask: (iuid: string) => Promise<unknown>, iuids: string[]) {
  for (let i = 0; i < WARMUP; i++) await ask(iuids[i % iuids.length]!);
  const before = { statements: sent, cpu: threadCpuMs(), pg: postgresCpuMs() };
  const ms: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const t = performance.now();
    await ask(iuids[i % iuids.length]!);
    ms.push(performance.now() - t);
  }
  const cpu = threadCpuMs() - before.cpu;
  const pgCpu = postgresCpuMs() - before.pg;
  const perRequest = sent - before.statements;
  console.log(latencyLine(name, ms, 22));
  console.log(
    `${''.padEnd(22)} ${(perRequest / ITER).toFixed(2)} statements a request; CPU a request: this process ${((cpu / ITER) * 1000).toFixed(0)} µs, PostgreSQL ${((pgCpu / ITER) * 1000).toFixed(0)} µs`,
  );
}

async function main() {
  const database = await benchDatabase(DB, { fresh: true });
  try {
    const env = loadEnv({ DATABASE_URL: database.url, SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
    const platform = await bootstrap(env);
    const server = await listen(platform.app);
    const { token } = await signIn(server.base, 'doctor', 'Doctor@123');
    const client = jsonClient(server.base, token);
    const list = (await client.post('/api/order/OrderList', { pageNumber: 1, pageSize: 50 })) as {
      list: { study_iuid: string }[];
    };
    const iuids = list.list.map((r) => r.study_iuid);
    console.log(`\nopening a report, ${ITER} requests over ${iuids.length} demo studies, one doctor`);
    await phase('POST /report/info', (iuid) => client.post('/report/info', { study_iuid: iuid }), iuids);
    await phase('POST /report/lock', (iuid) => client.post('/report/lock', { study_iuid: iuid }), iuids);
    client.close();
    server.close();
    await platform.close();
  } finally {
    database.close();
  }
}

await main();
