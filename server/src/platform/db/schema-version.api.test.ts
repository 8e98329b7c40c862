import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { spawnServer, throwawayDatabase } from '../../../../tests/support/child-server';
import { openDatabase } from './client';
import { NewerDatabase } from './schema-version';

/**
 * A server refuses to start on a database a newer version has migrated, saying so, rather than running on
 * tables it does not know. The real server in a child process, on the embedded database (api-pglite) or a
 * throw-away PostgreSQL database (api-postgres).
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
let dataDir = '';
let url: string | undefined;
let drop = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-newer-'));
  if (kind === 'postgres') {
    const database = await throwawayDatabase(inject('pgAdminUrl'));
    url = database.url;
    drop = database.drop;
  }
}, 60_000);

afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase(work: (d: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) {
  const d = await openDatabase({ url, dataDir: path.join(dataDir, 'pgdata') });
  try {
    await work(d);
  } finally {
    await d.close();
  }
}

describe('a database migrated by a newer version', () => {
  it('is refused at start with a message naming what to do; this version starts on its own', async () => {
    const env = { DATA_DIR: dataDir, SEED: 'none', ...(url ? { DATABASE_URL: url } : {}) };
    const ok = await spawnServer(env);
    ok.kill9();
    await ok.exited;
    // a later release's migration, as its start would have recorded it
    await withDatabase(async ({ db }) => {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${Date.now() + 86_400_000})`,
      );
    });
    const refused = await spawnServer(env).then(
      (s) => {
        s.kill9();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refused).toContain('The database was migrated by a newer version of this server');
    expect(refused).toContain('restore a backup taken before the upgrade');
    // and in process, as the tests' platforms open it: the same refusal, the database left as it was
    await expect(openDatabase({ url, dataDir: path.join(dataDir, 'pgdata') })).rejects.toBeInstanceOf(NewerDatabase);
  }, 120_000);
});
