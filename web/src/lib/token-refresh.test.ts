import { describe, expect, it } from 'vitest';
import { shouldRefresh } from './token-refresh-rule';

const now = 1_000_000;
const session = (left: number, refreshedAt = now - 100_000) => ({
  token: 't',
  expiresAt: now + left * 1000,
  refreshedAt,
});

describe('shouldRefresh', () => {
  it('refreshes with 60 s or less left after activity', () => {
    expect(shouldRefresh(session(60), now - 1, now)).toBe(true);
    expect(shouldRefresh(session(10), now - 1, now)).toBe(true);
  });
  it('waits while more than 60 s remain', () => {
    expect(shouldRefresh(session(61), now - 1, now)).toBe(false);
  });
  it('does not refresh an idle user', () => {
    expect(shouldRefresh(session(30, now - 50), now - 100, now)).toBe(false);
  });
  it('does nothing without a token or once expired', () => {
    expect(shouldRefresh({ token: null, expiresAt: null, refreshedAt: 0 }, now, now)).toBe(false);
    expect(shouldRefresh(session(-1), now, now)).toBe(false);
  });
});
