import { describe, expect, it } from 'vitest';
import { parseStationUid } from './station-uid';

describe('parseStationUid', () => {
  it('takes the UID and drops the time suffix', () => {
    expect(parseStationUid('1.2.840.113619.2.55')).toBe('1.2.840.113619.2.55');
    expect(parseStationUid('1.2.840.1_1700000000000')).toBe('1.2.840.1');
    expect(parseStationUid('1.2.3-1700000000')).toBe('1.2.3');
  });

  it('refuses values that are not a UID', () => {
    for (const bad of ['', 'abc', '1.2.3abc', '1.2.3x', `1.${'2'.repeat(64)}`, '.1.2']) {
      expect(parseStationUid(bad), bad).toBeNull();
    }
  });
});
