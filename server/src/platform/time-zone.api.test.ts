import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/api-client';
import { useTestPlatform } from '../../../tests/support/use-test-platform';
import { loadEnv } from './core/env';
import { fmt } from './core/time';

/**
 * The time zone rule on a machine in UTC for a hospital in UTC+8: the process formats, the database session
 * groups by day, and the clock call names the zone, all the hospital's. PGlite and PostgreSQL.
 */
process.env.TZ = 'UTC';
const t = useTestPlatform({ env: { TIME_ZONE: 'Asia/Shanghai' } });
const EVENING_UTC = new Date('2026-01-01T20:00:00Z'); // already the 2nd in Shanghai

describe('TIME_ZONE', () => {
  it('formats times and days in the hospital’s zone, in the process and in SQL', async () => {
    expect(fmt(EVENING_UTC)).toBe('2026-01-02 04:00:00');
    const { rows } = (await t.p.deps.db.execute(
      sql`select current_setting('TimeZone') as zone, to_char(${EVENING_UTC.toISOString()}::timestamptz, 'YYYY-MM-DD HH24') as day`,
    )) as unknown as { rows: { zone: string; day: string }[] };
    expect(rows[0]).toEqual({ zone: 'Asia/Shanghai', day: '2026-01-02 04' });
    const clock = await call(t.p.app, 'GET', '/tool/serverTime');
    expect(clock.body.data).toMatchObject({ timeZone: 'Asia/Shanghai' });
  });

  it('refuses an unknown zone at start, naming the setting', () => {
    expect(() => loadEnv({ TIME_ZONE: 'Asia/Atlantis' })).toThrow(/TIME_ZONE: an IANA time zone name/);
    expect(() => loadEnv({ TIME_ZONE: "UTC'; drop table study; --" })).toThrow(/TIME_ZONE/);
    expect(loadEnv({ TIME_ZONE: ' ' }).TIME_ZONE).toBeUndefined();
  });
});
