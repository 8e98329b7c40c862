import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { throwawayDatabase } from '../../../../tests/support/child-server';
import { openDatabase } from './client';
import { dbFailure } from './errors';

// PostgreSQL only: PGlite does not honour statement_timeout (measured: pg_sleep(1) under a 200 ms limit ran 1 s).
/**
 * STATEMENT_TIMEOUT_MS: a statement of the platform's pool running longer is cancelled, which the API answers
 * 503; the migrations at start run without it, however long their tables make them.
 */
let url = '';
let drop = async () => {};

beforeAll(async () => {
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(() => drop());

describe('the statement timeout', () => {
  it('cancels a long statement as "unavailable", never a migration', async () => {
    // 1 ms: every migration statement of a fresh database would be cancelled if the limit applied to them
    const database = await openDatabase({ url, statementTimeoutMs: 1 });
    try {
      const slow = await database.db.execute(sql`select pg_sleep(0.2)`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(dbFailure(slow)).toBe('unavailable');
    } finally {
      await database.close();
    }
    const unlimited = await openDatabase({ url, statementTimeoutMs: 0 });
    try {
      await expect(unlimited.db.execute(sql`select pg_sleep(0.2)`)).resolves.toBeDefined();
    } finally {
      await unlimited.close();
    }
  }, 60_000);
});
