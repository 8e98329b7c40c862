import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { bootstrap } from '../../server/src/bootstrap';
import { loadEnv } from '../../server/src/platform/core/env';

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * A fresh platform with demo data for one test file: embedded PGlite in memory, or (TEST_DB=postgres)
 * a new database on the suite's PostgreSQL server, dropped afterwards.
 */
export async function startTestPlatform(extraEnv: Record<string, string> = {}, opts: { webDir?: string } = {}) {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const admin = inject('pgAdminUrl');
    const name = `rx_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const env = loadEnv({
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp',
    // The archive/delivery worker renders with Chromium after each audit: only the tests of it turn it on.
    REPORT_JOBS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  });
  const platform = await bootstrap(env, { pgliteDir: 'memory://', webDir: opts.webDir ?? '/nonexistent' });
  return {
    ...platform,
    kind,
    close: async () => {
      await platform.close();
      await drop();
    },
  };
}
