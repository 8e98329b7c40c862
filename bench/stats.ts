/**
 * Statistics speed at hospital scale (issue 14): loads N studies with reports (bench:worklist's loader,
 * default 1,000,000 over 10 hospitals) into PostgreSQL, then times every statistics call through the HTTP
 * API: one hospital (H001, as its doctor) and one month, and a whole year over every hospital (as a super
 * administrator). Prints p50/p95 per call. Goals (issue 14): p95 < 1 s and < 3 s.
 *
 *   npm run bench:stats
 *   npm run bench:stats -- --studies 200000 --iterations 10
 *   npm run bench:stats -- --reuse          # keep the studies of an earlier run (with DATABASE_URL)
 *   npm run bench:stats -- --only zhanJiang # only the calls whose label holds this text
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { SERIES_CALLS, ZHANJIANG_TABS } from '../shared/src/schemas/statistics';
import { bootstrap } from '../server/src/bootstrap';
import type { Db } from '../server/src/platform/db/client';
import { role, sysUser } from '../server/src/platform/db/schema';
import { loadEnv } from '../server/src/platform/core/env';
import { hashPassword } from '../server/src/platform/core/crypto';
import { benchDatabase, jsonClient, latencyLine, listen, signIn } from './lib/harness';
import { loadWorklistData } from './lib/worklist-data';

const { values: args } = parseArgs({
  options: {
    studies: { type: 'string', default: '1000000' },
    hospitals: { type: 'string', default: '10' },
    iterations: { type: 'string', default: '20' },
    reuse: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});
const ITER = Number(args.iterations);
const WARMUP = 3;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
const MONTH = { startTime: iso(monthStart), endTime: iso(monthEnd) };
const YEAR = { startTime: iso(new Date(now.getTime() - 365 * 86_400_000)), endTime: iso(now) };

/** Every call taking a date range: its path and the body's other fields. */
const RANGE_CALLS: [string, Record<string, string>][] = [
  ...['userWorkCount', 'doctorCount', 'fileUseCount', 'countDatail', 'imgProportionCount', ...SERIES_CALLS].map(
    (call): [string, Record<string, string>] => [`/orderCount/${call}`, {}],
  ),
  ...ZHANJIANG_TABS.map((tab): [string, Record<string, string>] => ['/orderCount/zhanJiangCount', { tab }]),
  ['/meeting/userMeetingCount', {}],
];
const label = (path: string, extra: Record<string, string>) => (extra.tab ? `${path} (${extra.tab})` : path);
const chosen = (name: string) => name.includes(args.only);

async function benchUsers(db: Db) {
  for (const [username, code] of [
    ['bench', 'report_doctor'],
    ['benchadmin', 'admin'],
  ] as const) {
    const [r] = await db.select().from(role).where(eq(role.code, code));
    await db
      .insert(sysUser)
      .values({ username, password_hash: await hashPassword('Bench@123'), hospital_code: 'H001', role_pk: r!.pk })
      .onConflictDoNothing();
  }
}

async function time(post: (p: string, b: unknown) => Promise<unknown>, path: string, body: unknown) {
  const ms: number[] = [];
  for (let i = 0; i < ITER + WARMUP; i++) {
    const t = performance.now();
    await post(path, body);
    if (i >= WARMUP) ms.push(performance.now() - t);
  }
  return ms;
}

async function main() {
  const database = await benchDatabase('rx_bench', { fresh: !args.reuse });
  const data = { studies: Number(args.studies), hospitals: Number(args.hospitals) };
  try {
    const env = loadEnv({ DATABASE_URL: database.url, SEED: 'none', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
    const platform = await bootstrap(env);
    await loadWorklistData(database.url, data, args.reuse);
    await benchUsers(platform.deps.db);
    const server = await listen(platform.app);
    const doctor = jsonClient(server.base, (await signIn(server.base, 'bench', 'Bench@123')).token);
    const admin = jsonClient(server.base, (await signIn(server.base, 'benchadmin', 'Bench@123')).token);
    const month = MONTH.startTime.slice(0, 7);
    console.log(
      `\nstatistics, ${data.studies.toLocaleString()} studies over ${data.hospitals} hospitals, ${ITER} requests per call (p50 p95 ms)`,
    );
    console.log(`\none hospital (H001, its doctor), one month ${MONTH.startTime}..${MONTH.endTime}:`);
    for (const [path, extra] of RANGE_CALLS.filter(([p, e]) => chosen(label(p, e))))
      console.log(latencyLine(label(path, extra), await time(doctor.post, path, { ...MONTH, ...extra }), 44));
    if (chosen('/orderCount/monthCountByBodyPart'))
      console.log(
        latencyLine(
          '/orderCount/monthCountByBodyPart',
          await time(doctor.post, '/orderCount/monthCountByBodyPart', { month, sn: 'H001' }),
          44,
        ),
      );
    console.log(`\nevery hospital (super administrator), a year ${YEAR.startTime}..${YEAR.endTime}:`);
    for (const [path, extra] of RANGE_CALLS.filter(([p, e]) => chosen(label(p, e))))
      console.log(latencyLine(label(path, extra), await time(admin.post, path, { ...YEAR, ...extra }), 44));
    doctor.close();
    admin.close();
    server.close();
    await platform.close();
  } finally {
    database.close();
  }
}

await main();
