import path from 'node:path';
import { createApp, type AppOptions } from './app';
import type { AppDeps } from './platform/context';
import { openDatabase } from './platform/db/client';
import { ensureBaseData } from './platform/db/seed/base';
import { isEmpty, seedDemo } from './platform/db/seed/demo';
import type { Env } from './platform/core/env';
import { acquireDataDirLock } from './platform/core/data-dir-lock';
import { createLogger } from './platform/core/logger';
import { authenticate } from './modules/auth';
import { requestUser } from './modules/oauth';
import { withRenderTokens } from './modules/report-pdf';
import { MODULES } from './modules/registry';
import { createRealtimeHub } from './platform/realtime/hub';
import { localFanout, pgFanout } from './platform/realtime/fanout';
import { createScreenHub } from './modules/queue';
import { chooseImageStore } from './platform/storage/choose-store';
import { createMetrics } from './platform/metrics';
import { databaseSnapshot, writeBackup } from './platform/backup/backup';
import { writeOpsToken } from './platform/backup/ops-token';
import { checkSecretKey } from './platform/db/installation';
import { createStrain } from './platform/strain';
import { secretBox } from './platform/core/secret-box';
import { applyTimeZone } from './platform/core/time';

/** Opens the database, applies migrations and base data, loads demo data into an empty one, builds the app. */
export async function bootstrap(env: Env, opts: AppOptions & { pgliteDir?: string } = {}) {
  const log = createLogger(env.LOG_LEVEL);
  // before anything reads the clock: every local time of this process is the hospital's
  const zone = applyTimeZone(env.TIME_ZONE);
  log.info({ timeZone: zone }, 'times are shown in this zone');
  const dataDir = opts.pgliteDir ?? path.join(env.DATA_DIR, 'pgdata');
  // The embedded database on disk belongs to one server: a second one on the same DATA_DIR would corrupt it.
  const lock = env.DATABASE_URL || dataDir.startsWith('memory://') ? undefined : acquireDataDirLock(env.DATA_DIR);
  let seeded = false;
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir,
    statementTimeoutMs: env.STATEMENT_TIMEOUT_MS,
    onIdleError: (err) => log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
    onMigrationLock: (l) =>
      log.warn(
        { migration: l.migration, table: l.table, lock: l.lock, wholeTable: l.wholeTable, rows: l.rows },
        l.lock === 'ACCESS EXCLUSIVE'
          ? 'migration: the table can be neither read nor written until this migration is done'
          : 'migration: writes to the table wait until this migration is done',
      ),
    prepare: async (db) => {
      await checkSecretKey(db, secretBox(env), {
        reset: env.SECRET_KEY_RESET === 'yes',
        onReset: () => log.warn("secret key reset: this key is now the installation's; enter the WeChat secrets again"),
      });
      await ensureBaseData(db, process.env.ADMIN_PASSWORD || 'Admin@123');
      seeded = env.SEED === 'demo' && (await isEmpty(db));
      if (seeded) {
        await seedDemo(db);
        log.info('demo data loaded');
      }
    },
  }).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  const images = chooseImageStore(env);
  const fanout = env.DATABASE_URL ? pgFanout(env.DATABASE_URL, log) : localFanout();
  // Listening before serving, so no call made right after start is missed (capped: it keeps retrying).
  await Promise.race([fanout.ready(), new Promise((r) => setTimeout(r, 5_000).unref())]);
  const screens = createScreenHub({ db: database.db, log, fanout });
  const metrics = createMetrics({ dataDir: env.DATA_DIR });
  const pool = database.pool;
  if (pool) {
    metrics.gauge(
      'db_pool_connections',
      'PostgreSQL connections of the pool by state',
      () => {
        const p = pool();
        return { idle: p.idle, busy: p.total - p.idle };
      },
      'state',
    );
    metrics.gauge('db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool().waiting);
  }
  const strain = createStrain();
  metrics.gauge(
    'requests_strained_last_day',
    'Requests turned away (shed) or kept waiting over a second (waited) in the last 24 hours',
    () => ({ ...{ shed: 0, waited: 0 }, ...strain.lastDay() }),
    'kind',
  );
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    log,
    env,
    realtime: createRealtimeHub({
      db: database.db,
      log,
      publicOrigin: env.PUBLIC_ORIGIN,
      authenticate: (token) => authenticate(database.db, token),
      screens,
      fanout,
    }),
    // Sessions, apps' access tokens, and the report PDF's render tokens (each on its own print page's requests).
    authenticate: withRenderTokens(database.db, requestUser(database.db)),
    fanout,
    screens,
    images,
    metrics,
    strain,
    backup: (dir) => writeBackup(dir, { env, images, snapshotDatabase: databaseSnapshot(env, database) }),
    // A backup of the embedded database on disk is asked of the server that holds it.
    opsToken: database.embedded ? writeOpsToken(env.DATA_DIR) : undefined,
  };
  const app = createApp(deps, opts);
  for (const m of MODULES) await m.start?.({ deps, fetch: (req) => app.fetch(req) });
  return {
    app,
    deps,
    /** The demo data was loaded into a new database by this start. */
    seeded,
    close: async () => {
      await deps.realtime.close();
      await fanout.close();
      for (const m of [...MODULES].reverse()) await m.stop?.(deps);
      await database.close();
      lock?.release();
    },
  };
}
