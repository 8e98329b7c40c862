import path from 'node:path';
import { createApp, type AppOptions } from './app';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import { ensureBaseData } from './db/seed/base';
import { isEmpty, seedDemo } from './db/seed/demo';
import type { Env } from './env';
import { createLogger } from './lib/logger';
import { closeReportPdf } from './modules/report-pdf/service';

/** Opens the database, applies migrations and base data, loads demo data into an empty one, builds the app. */
export async function bootstrap(env: Env, opts: AppOptions & { pgliteDir?: string } = {}) {
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: opts.pgliteDir ?? path.join(env.DATA_DIR, 'pgdata'),
    onIdleError: (err) => log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
  });
  const adminPassword = process.env.ADMIN_PASSWORD || 'Admin@123';
  await ensureBaseData(database.db, adminPassword);
  if (env.SEED === 'demo' && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    log.info('demo data loaded');
  }
  const deps: AppDeps = { db: database.db, dbKind: database.kind, log, env };
  return {
    app: createApp(deps, opts),
    deps,
    close: async () => {
      await closeReportPdf(deps);
      await database.close();
    },
  };
}
