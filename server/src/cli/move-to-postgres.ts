/**
 * npm run move-to-postgres, with the server stopped and DATABASE_URL naming an empty PostgreSQL database:
 * moves the embedded database of DATA_DIR into it and checks every table on both sides. Then start the server
 * with DATABASE_URL set; DATA_DIR stays (images, the secret key), its embedded database is left as it was.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock } from '../platform/core/data-dir-lock';
import { loadEnv } from '../platform/core/env';
import { openDatabase } from '../platform/db/client';
import { moveToPostgres } from '../platform/db/move-to-postgres';

const withoutPassword = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

async function main(): Promise<number> {
  const env = loadEnv();
  if (!env.DATABASE_URL) throw new Error('set DATABASE_URL to the empty PostgreSQL database to move into');
  const pgdata = path.join(env.DATA_DIR, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`no embedded database in ${pgdata}`);
  // No server may write to the embedded database while it is copied.
  const lock = acquireDataDirLock(env.DATA_DIR);
  try {
    const source = await openDatabase({ dataDir: pgdata });
    const target = await openDatabase({ url: env.DATABASE_URL }).catch(async (err: unknown) => {
      await source.close();
      throw err;
    });
    try {
      const report = await moveToPostgres(source, target, (table, rows) => console.log(`${table}: ${rows} rows`));
      if (report.mismatched.length) {
        for (const m of report.mismatched)
          console.error(`${m.table}: ${m.source.rows} rows here, ${m.target.rows} there, or their checksums differ`);
        console.error('the copy does not match: do not start on PostgreSQL; drop and recreate it, then try again');
        return 1;
      }
      const rows = report.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `moved ${report.tables.length} tables, ${rows} rows, into ${withoutPassword(env.DATABASE_URL)}; ` +
          'every table has the same rows and checksum on both sides.\n' +
          `Start the server with this DATABASE_URL and the same DATA_DIR (its images and secret key stay there). ` +
          `The embedded database in ${pgdata} is left as it was: remove it once the server runs on PostgreSQL.`,
      );
      return 0;
    } finally {
      await source.close();
      await target.close();
    }
  } finally {
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`move-to-postgres failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
