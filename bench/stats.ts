/**
 * Statistics speed at hospital scale (issue 14): loads N studies with reports (bench:worklist's loader,
 * default 1,000,000 over 10 hospitals) into PostgreSQL, then times every statistics call through the HTTP
 * API: one hospital (H001, as its doctor) and one month, and a whole year over every hospital (as a super
 * administrator). Prints p50/p95 per call. Goals (issue 14): p95 < 1 s and < 3 s.
 *
 *   npm run bench:stats
 *   npm run bench:stats -- --studies 200000 --iterations 10
 *   npm run bench:stats -- --sizes 100000,1000000,3000000   # the figures of each size side by side
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
import { benchDatabase, jsonClient, listen, pct, signIn } from './lib/harness';
import { loadWorklistData } from './lib/worklist-data';

const { values: args } = parseArgs({
  options: {
    studies: { type: 'string', default: '1000000' },
    /** Several sizes, loaded and timed one after the other, printed side by side: 100000,1000000,3000000. */
    sizes: { type: 'string', default: '' },
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

type Post = (p: string, b: unknown) => Promise<unknown>;
/** p50 and p95 (ms) per section, then per call label, then per size. */
type Figures = Map<string, Map<string, Map<number, [number, number]>>>;
const MONTH_SECTION = `one hospital (H001, its doctor), one month ${MONTH.startTime}..${MONTH.endTime}`;
const YEAR_SECTION = `every hospital (super administrator), a year ${YEAR.startTime}..${YEAR.endTime}`;

/** Every chosen call timed at this size, as the doctor for a month of H001 and as the super admin for a year. */
async function timeCalls(figures: Figures, size: number, doctor: Post, admin: Post) {
  const keep = async (section: string, name: string, post: Post, path: string, body: unknown) => {
    const s = [...(await time(post, path, body))].sort((a, b) => a - b);
    const calls = figures.get(section) ?? figures.set(section, new Map()).get(section)!;
    const sizes = calls.get(name) ?? calls.set(name, new Map()).get(name)!;
    sizes.set(size, [pct(s, 50), pct(s, 95)]);
  };
  const calls = RANGE_CALLS.filter(([p, e]) => chosen(label(p, e)));
  for (const [path, extra] of calls)
    await keep(MONTH_SECTION, label(path, extra), doctor, path, { ...MONTH, ...extra });
  if (chosen('/orderCount/monthCountByBodyPart')) {
    const body = { month: MONTH.startTime.slice(0, 7), sn: 'H001' };
    await keep(MONTH_SECTION, '/orderCount/monthCountByBodyPart', doctor, '/orderCount/monthCountByBodyPart', body);
  }
  for (const [path, extra] of calls) await keep(YEAR_SECTION, label(path, extra), admin, path, { ...YEAR, ...extra });
}

const short = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

/** The figures side by side: one column of p50 / p95 per size. */
function printFigures(figures: Figures, sizes: number[]) {
  const cell = (f?: [number, number]) => (f ? `${f[0].toFixed(0)} / ${f[1].toFixed(0)}` : '-').padStart(16);
  for (const [section, calls] of figures) {
    console.log(`\n${section} (p50 / p95 ms):`);
    console.log(`${''.padEnd(44)}${sizes.map((n) => `${short(n)} studies`.padStart(16)).join('')}`);
    for (const [name, bySize] of calls)
      console.log(`${name.padEnd(44)}${sizes.map((n) => cell(bySize.get(n))).join('')}`);
  }
}

async function main() {
  const sizes = (args.sizes || args.studies).split(',').map(Number);
  const database = await benchDatabase('rx_bench', { fresh: !args.reuse });
  try {
    const env = loadEnv({ DATABASE_URL: database.url, SEED: 'none', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' });
    const platform = await bootstrap(env);
    await benchUsers(platform.deps.db);
    const server = await listen(platform.app);
    const doctor = jsonClient(server.base, (await signIn(server.base, 'bench', 'Bench@123')).token);
    const admin = jsonClient(server.base, (await signIn(server.base, 'benchadmin', 'Bench@123')).token);
    const figures: Figures = new Map();
    for (const size of sizes) {
      await loadWorklistData(database.url, { studies: size, hospitals: Number(args.hospitals) }, args.reuse);
      console.log(`timing ${size.toLocaleString()} studies, ${ITER} requests per call`);
      await timeCalls(figures, size, doctor.post, admin.post);
    }
    console.log(`\nstatistics over ${args.hospitals} hospitals, ${ITER} requests per call`);
    printFigures(figures, sizes);
    doctor.close();
    admin.close();
    server.close();
    await platform.close();
  } finally {
    database.close();
  }
}

await main();
