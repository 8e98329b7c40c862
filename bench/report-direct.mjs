// Calibration of bench/report.ts, run in a worker thread like report-load.mjs: the same doctors write the
// same reports with the platform's own prepared statements (save, and every tenth save an audit and its
// cancel), straight against PostgreSQL on a pool like the platform's: the capacity the database gives.
import { parentPort, workerData } from 'node:worker_threads';
import { threadCpuMs } from './lib/cpu.mjs';
import pg from 'pg';

const { url, options, texts, doctors, seconds } = workerData;
// As the platform's pool (server/src/platform/db/client.ts platformPool, pg-cork.ts): its settings, and each query
// in one write. A worker cannot load the TypeScript, hence this copy.
const pool = new pg.Pool({ connectionString: url, max: 10, options });
pool.on('connect', ({ connection: wire }) => {
  const send = wire._send.bind(wire);
  let corked = false;
  wire._send = (buffer) => {
    if (!corked) {
      corked = true;
      const stream = wire.stream;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return send(buffer);
  };
});
const findings = '双肺纹理清晰，走行自然，未见明显实变影及结节影。纵隔内未见明显肿大淋巴结。'.repeat(4);
const saveMs = [];
const auditMs = [];

async function run(kind, params) {
  const { text, names } = texts[kind];
  const { rows } = await pool.query({ name: `bench_${kind}`, text, values: names.map((n) => params[n]) });
  if (!rows[0]) throw new Error(`${kind} wrote nothing`);
  return rows[0].version;
}

async function doctor(d, i, until) {
  const { rows } = await pool.query(
    'select r.version from report r join study s on s.pk = r.study_pk where s.study_iuid = $1 and r.rpt_position = 1',
    [d.iuid],
  );
  let version = rows[0].version;
  const who = { position: 1, super: false, hospital: d.hospital, modalities: '[]', iuid: d.iuid };
  const actor = { actorName: d.name, actorPk: d.pk, actorUsername: d.username, actorUuid: d.uuid };
  for (let n = 0; Date.now() < until;) {
    const edit = {
      badSexes: '[]',
      goodStatus: 1,
      imageQuality: null,
      text1: `${findings} ${n}`,
      text2: '胸部CT平扫未见明显异常。',
      detailGiven: false,
      detail: null,
      studyDesc: '胸部CT平扫',
    };
    const now = new Date();
    const t = performance.now();
    version = await run('save', {
      ...who,
      ...actor,
      ...edit,
      version,
      now: now.toISOString(),
      modelId: String(now.getTime()),
    });
    saveMs.push(performance.now() - t);
    if ((++n + i) % 10 === 0) {
      // each doctor at its own turn, as in report-load.mjs
      const ta = performance.now();
      version = await run('audit', {
        ...who,
        ...actor,
        ...edit,
        signed: false,
        version,
        now: new Date().toISOString(),
      });
      auditMs.push(performance.now() - ta);
      version = await run('cancel', { ...who, ...actor, version, now: new Date().toISOString() });
    }
  }
}

const t0 = performance.now();
const cpu0 = threadCpuMs();
const until = Date.now() + seconds * 1000;
await Promise.all(doctors.map((d, i) => doctor(d, i, until)));
const secs = (performance.now() - t0) / 1000;
const loadCpuMs = threadCpuMs() - cpu0;
await pool.end();
parentPort.postMessage({ saveMs, auditMs, secs, loadCpuMs });
