/**
 * Report writing throughput: D doctors (default 50) save and audit their own reports concurrently through
 * the HTTP API against PostgreSQL for S seconds (default 15), and the script prints saves per second and
 * p50/p95/p99 of save and audit.
 *
 *   npm run bench:report
 *   npm run bench:report -- --doctors 50 --seconds 15 --rate 100,250,400
 *   DATABASE_URL=postgres://... npm run bench:report      # a server of yours (creates database rx_bench_report)
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { startPgCluster, type PgCluster } from '../tests/setup/pg-cluster';
import { bootstrap } from '../server/src/bootstrap';
import { role, report, study, sysUser } from '../server/src/db/schema';
import { loadEnv } from '../server/src/env';
import { hashPassword } from '../server/src/lib/crypto';

const { values: args } = parseArgs({
  options: {
    doctors: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    /** Offered loads for the latency phases, saves per second, comma-separated. */
    rate: { type: 'string', default: '100,250' },
  },
});
const DOCTORS = Number(args.doctors);
const SECONDS = Number(args.seconds);
const RATES = args.rate
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DB = 'rx_bench_report';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
function line(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(2).padStart(7);
  return `${name.padEnd(14)} n ${String(ms.length).padStart(6)}  p50 ${f(pct(s, 50))} ms  p95 ${f(pct(s, 95))} ms  p99 ${f(pct(s, 99))} ms`;
}

async function main() {
  let cluster: PgCluster | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startPgCluster();
    adminUrl = cluster.url;
  }
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.query(`create database ${DB}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${DB}`;
    const platform = await bootstrap(
      loadEnv({ DATABASE_URL: u.toString(), SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: '/tmp' }),
    );
    const db = platform.deps.db;

    // One reviewing doctor account and one study of its own per simulated doctor.
    const [auditRole] = await db.select().from(role).where(eq(role.code, 'audit_doctor'));
    const hash = await hashPassword('Bench@123');
    await db.insert(sysUser).values(
      Array.from({ length: DOCTORS }, (_, i) => ({
        username: `bench${i}`,
        password_hash: hash,
        ch_name: `医生${i}`,
        hospital_code: 'H001',
        role_pk: auditRole!.pk,
      })),
    );
    const studies = await db
      .insert(study)
      .values(
        Array.from({ length: DOCTORS }, (_, i) => ({
          study_iuid: `1.2.826.0.1.3680043.99.${i + 1}`,
          hospital_code: 'H001',
          patient_id: `B${i}`,
          patient_name: `压测${i}`,
          patient_sex: 'M',
          modality: 'CT',
          study_desc: '胸部CT平扫',
          study_datetime: new Date(),
        })),
      )
      .returning({ pk: study.pk, study_iuid: study.study_iuid });
    await db.insert(report).values(studies.map((s) => ({ study_pk: s.pk, rpt_position: 1 })));

    const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const addr = server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const tokens = await Promise.all(
      studies.map(async (_, i) => {
        const res = await fetch(`${base}/user/login`, {
          method: 'POST',
          body: new URLSearchParams({ username: `bench${i}`, password: 'Bench@123' }),
        });
        return ((await res.json()) as { token: string }).token;
      }),
    );

    // The simulated doctors run in a worker thread, so the server keeps the main thread to itself.
    const run = async (rate: number) => {
      const worker = new Worker(new URL('./report-load.mjs', import.meta.url), {
        workerData: { base, tokens, studies: studies.map((s) => s.study_iuid), seconds: SECONDS, rate },
      });
      const result = await new Promise<{ saveMs: number[]; auditMs: number[]; secs: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      return result;
    };
    const printPhase = (title: string, r: { saveMs: number[]; auditMs: number[]; secs: number }) => {
      console.log(`\n${title}`);
      console.log(line('save', r.saveMs));
      console.log(line('audit', r.auditMs));
      console.log(
        `throughput     ${(r.saveMs.length / r.secs).toFixed(0)} saves/s, ${(r.auditMs.length / r.secs).toFixed(0)} audits/s (each audit is also cancelled)`,
      );
    };
    console.log(`report writing: ${DOCTORS} doctors, ${SECONDS} s a phase, PostgreSQL, HTTP on 127.0.0.1`);
    printPhase('capacity: every doctor saves again as soon as the last save answered', await run(0));
    for (const rate of RATES) printPhase(`latency: the doctors together offer ${rate} saves/s`, await run(rate));

    server.close();
    await platform.close();
  } finally {
    cluster?.stop();
  }
}

await main();
