import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { throwawayDatabase } from '../../../../tests/support/child-server';
import { openDatabase, type Database } from './client';
import { ensureBaseData } from './seed/base';
import { isEmpty, seedDemo } from './seed/demo';
import journal from './migrations/meta/_journal.json' with { type: 'json' };

// PostgreSQL only: the embedded database belongs to one process.
/**
 * systemd starts every server unit at once: on a fresh database they must migrate and load the base and
 * demo data one after the other (the start-up advisory lock), and all come up. Opened side by side in one
 * process, as the bootstrap opens it, so that they really meet.
 */
let url = '';
let drop = async () => {};

beforeAll(async () => {
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(() => drop());

describe('servers started together on a fresh PostgreSQL database', () => {
  it('all start, the schema and the demo data made once', async () => {
    const opened = await Promise.allSettled(
      [0, 1, 2, 3].map(() =>
        openDatabase({
          url,
          prepare: async (db) => {
            await ensureBaseData(db, 'Admin@123');
            if (await isEmpty(db)) await seedDemo(db);
          },
        }),
      ),
    );
    const up = opened.filter((o): o is PromiseFulfilledResult<Database> => o.status === 'fulfilled');
    await Promise.all(up.map((o) => o.value.close()));
    expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'up'))).toEqual(['up', 'up', 'up', 'up']);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ n: string }>(
      "select (select count(*) from drizzle.__drizzle_migrations) || '/' || (select count(*) from sys_user where username = 'hadmin') as n",
    );
    await c.end();
    expect(rows[0]!.n).toBe(`${journal.entries.length}/1`);
  }, 120_000);
});
