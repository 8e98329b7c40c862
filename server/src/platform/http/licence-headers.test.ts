import { describe, expect, it } from 'vitest';
import { loadEnv } from '../core/env';
import { licenceDaysLeft, licenceState } from './licence-headers';

/** A moment of a calendar day in the server's time zone. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('licence days', () => {
  it('counts whole calendar days to the last day, the same all day long', () => {
    expect(licenceDaysLeft('2026-12-31', at(2026, 12, 1))).toBe(30);
    expect(licenceDaysLeft('2026-12-31', at(2026, 12, 1, 0))).toBe(30);
    expect(licenceDaysLeft('2026-12-31', at(2026, 12, 1, 23))).toBe(30);
    expect(licenceDaysLeft('2027-01-01', at(2026, 12, 31))).toBe(1);
    expect(licenceDaysLeft('2026-03-01', at(2026, 2, 28))).toBe(1);
  });

  it('is valid through its last day, expired the day after; no date is no limit', () => {
    expect(licenceState('2026-12-31', at(2026, 12, 31, 23))).toEqual({ auth: true, days: 0 });
    expect(licenceState('2026-12-31', at(2027, 1, 1, 0))).toEqual({ auth: false, days: 0 });
    expect(licenceState('2026-12-31', at(2027, 6, 1))).toEqual({ auth: false, days: 0 });
    expect(licenceState(undefined, at(2027, 6, 1))).toEqual({ auth: true, days: null });
  });

  it('LICENCE_EXPIRES must be a calendar date; empty is unset', () => {
    expect(loadEnv({ LICENCE_EXPIRES: '2027-02-28' }).LICENCE_EXPIRES).toBe('2027-02-28');
    expect(loadEnv({ LICENCE_EXPIRES: ' ' }).LICENCE_EXPIRES).toBeUndefined();
    expect(() => loadEnv({ LICENCE_EXPIRES: '2027-02-30' })).toThrow(/LICENCE_EXPIRES/);
    expect(() => loadEnv({ LICENCE_EXPIRES: '28.02.2027' })).toThrow(/LICENCE_EXPIRES/);
  });
});
