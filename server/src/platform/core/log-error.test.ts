import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { loggableError } from './log-error';

const t = useTestPlatform({ env: { SEED: 'none' } });

describe('loggableError', () => {
  it('keeps the SQL and SQLSTATE of a failed query but none of its values', async () => {
    const err = await t.p.deps.db.execute(sql`select ${'双肺纹理清晰 secret'}::int`).catch((e: unknown) => e);
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('select $1::int');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('双肺');
  });

  it('keeps name and message of other errors', () => {
    expect(loggableError(new TypeError('x is not a function'))).toMatchObject({
      name: 'TypeError',
      message: 'x is not a function',
    });
  });
});
