import { afterEach, describe, expect, it } from 'vitest';
import { hospitalTime, setHospitalZone, useZoneStore } from './hospital-time';

afterEach(() => useZoneStore.setState({ timeZone: undefined }));

describe('hospitalTime', () => {
  it("shows an instant in the hospital's zone, whatever the browser's", () => {
    setHospitalZone('Asia/Shanghai');
    expect(hospitalTime('2026-01-01T20:00:00Z')).toBe('2026-01-02 04:00:00');
    expect(hospitalTime(Date.UTC(2026, 0, 1, 20, 0, 5), { timeOnly: true })).toBe('04:00:05');
    setHospitalZone('America/New_York');
    expect(hospitalTime(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01 08:00:00');
  });

  it('is empty for nothing and for an invalid time', () => {
    expect(hospitalTime(null)).toBe('');
    expect(hospitalTime('')).toBe('');
    expect(hospitalTime('not a time')).toBe('');
  });
});
