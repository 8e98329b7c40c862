/**
 * Worklist speed at hospital scale: loads N studies (default 1,000,000) into PostgreSQL, then measures
 * the worklist (one hospital, a date range, a modality, first page) through the HTTP API and the very
 * same SQL run directly, and prints p50/p95/p99 of both, so the API's own overhead is visible.
 *
 *   npm run bench:worklist                  # 1,000,000 studies, private PostgreSQL cluster
 *   npm run bench:worklist -- --studies 100000 --iterations 300
 *   DATABASE_URL=postgres://... npm run bench:worklist   # a server of yours (creates database rx_bench)
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap } from '../server/src/bootstrap';
import { loadEnv } from '../server/src/env';
import { hashPassword } from '../server/src/lib/crypto';
import { hospitalScope } from '../server/src/modules/hospital/scope';
import { countQuery, orderBy, studySelect, studyWhere } from '../server/src/modules/order/query';
import { benchDatabase, latencyLine, listen, median, signIn } from './lib/harness';
import type { AuthUser } from '../server/src/context';

const { values: args } = parseArgs({
  options: {
    studies: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '500' },
    reuse: { type: 'boolean', default: false },
  },
});
const N = Number(args.studies);
const ITER = Number(args.iterations);
const DB = 'rx_bench';

async function load(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const [{ n }] = (await c.query('select count(*)::int as n from study')).rows as [{ n: number }];
  if (args.reuse && n === N) {
    console.log(`reusing ${n.toLocaleString()} studies`);
    await c.end();
    return;
  }
  await c.query('truncate study restart identity cascade');
  await c.query(
    `insert into hospital (sn, code, name) select 'H' || lpad(i::text, 3, '0'), 'H' || lpad(i::text, 3, '0'), 'Hospital ' || i from generate_series(1, 10) i on conflict do nothing`,
  );
  const t0 = performance.now();
  const chunk = 100_000;
  for (let from = 1; from <= N; from += chunk) {
    const to = Math.min(N, from + chunk - 1);
    // 10 hospitals, H001 the largest (40%); 5 modalities; 2 years of studies; 300k patients.
    await c.query(
      `insert into study (study_iuid, hospital_code, patient_id, patient_name, patient_sex, patient_age, patient_type,
         accession_no, modality, study_desc, study_datetime, create_time, card_no, patient_phone, department)
       select '1.2.826.0.1.3680043.10.' || g,
         case when g % 10 < 4 then 'H001' else 'H' || lpad((g % 10 - 2)::text, 3, '0') end,
         'P' || (g % 300000),
         (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳'])[1 + (g / 10) % 12] || (array['','华','明','超'])[1 + (g / 120) % 4],
         case when g % 2 = 0 then 'M' else 'F' end, (18 + g % 70) || 'Y', 1 + g % 6,
         'A' || g, (array['CT','CT','CT','DR','DR','DX','MR','MR','US','US'])[1 + (g / 7) % 10], 'study ' || (g % 40),
         now() - ((g * 37) % (730 * 1440)) * interval '1 minute',
         now() - ((g * 37) % (730 * 1440)) * interval '1 minute' + interval '5 minutes',
         '4401' || lpad((g % 300000)::text, 14, '0'), '138' || lpad((g % 300000)::text, 8, '0'), 'dept ' || (g % 8)
       from generate_series($1::int, $2::int) g`,
      [from, to],
    );
    process.stdout.write(`\rloading studies ${to.toLocaleString()} / ${N.toLocaleString()}`);
  }
  await c.query(
    `insert into report (study_pk, rpt_position, rpt_status, report_doctor, report_datetime)
     select pk, 1, (pk % 3)::smallint, case when pk % 3 > 0 then 'doctor' else '' end,
            case when pk % 3 > 0 then study_datetime + interval '1 hour' end from study`,
  );
  await c.query('vacuum analyze study');
  await c.query('vacuum analyze report');
  console.log(
    `\nloaded ${N.toLocaleString()} studies and reports in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await c.end();
}

async function main() {
  const database = await benchDatabase(DB, { fresh: !args.reuse });
  const url = database.url;
  try {
    const platform = await bootstrap(
      loadEnv({ DATABASE_URL: url, SEED: 'none', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' }),
    );
    await load(url);
    const db = platform.deps.db;
    const { sysUser, role } = await import('../server/src/db/schema');
    const { eq } = await import('drizzle-orm');
    const [doctorRole] = await db.select().from(role).where(eq(role.code, 'report_doctor'));
    await db
      .insert(sysUser)
      .values({
        username: 'bench',
        password_hash: await hashPassword('Bench@123'),
        hospital_code: 'H001',
        role_pk: doctorRole!.pk,
      })
      .onConflictDoNothing();

    const server = await listen(platform.app);
    const base = server.base;
    const { token, user } = await signIn(base, 'bench', 'Bench@123');

    // The queries a worklist user makes all day: the last 1, 7 or 30 days, one modality, first page.
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const today = day(0);
    const variants = ['CT', 'MR', 'DR', 'US', 'DX'].flatMap((m) =>
      [0, 6, 29].map((d) => ({ modalitys: [m], startDate: day(d), endDate: today, pageNumber: 1, pageSize: 20 })),
    );

    const me = { pk: user.pk, isSuper: false, hospital_code: 'H001', modalities: [] } as unknown as AuthUser;
    const raw = new pg.Pool({ connectionString: url, max: 4 });
    const sqlOf = async (v: (typeof variants)[number]) => {
      const where = studyWhere({
        hospital: await hospitalScope(db, me, undefined),
        modalities: v.modalitys,
        startDate: v.startDate,
        endDate: v.endDate,
      });
      const page = studySelect(db, me.pk)
        .where(where)
        .orderBy(...orderBy('create_time desc'))
        .limit(20)
        .offset(0)
        .toSQL();
      return { page, count: countQuery(db, where, false).toSQL() };
    };

    const apiMs: number[] = [];
    const sqlMs: number[] = [];
    const prepared = await Promise.all(variants.map(sqlOf));
    for (let i = 0; i < ITER + 50; i++) {
      const k = i % variants.length;
      let t = performance.now();
      const res = await fetch(`${base}/api/order/OrderList`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(variants[k]),
      });
      const body = (await res.json()) as { success: boolean; data: { totalRow: number } };
      if (!body.success) throw new Error(`API failed: ${JSON.stringify(body)}`);
      if (i >= 50) apiMs.push(performance.now() - t);

      const q = prepared[k]!;
      t = performance.now();
      await Promise.all([
        raw.query(q.page.sql, q.page.params as unknown[]),
        raw.query(q.count.sql, q.count.params as unknown[]),
      ]);
      if (i >= 50) sqlMs.push(performance.now() - t);
    }

    const explain = await raw.query(`explain analyze ${prepared[1]!.page.sql}`, prepared[1]!.page.params as unknown[]);
    console.log(
      `\nworklist, hospital H001, ${N.toLocaleString()} studies, ${ITER} requests over ${variants.length} filter variants`,
    );
    console.log(latencyLine('API  POST /api/order/OrderList', apiMs, 34));
    console.log(latencyLine('SQL  page + count (direct)', sqlMs, 34));
    console.log(`overhead at p50: ${(median(apiMs) - median(sqlMs)).toFixed(2)} ms`);
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
