import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-error';
import { refusalOutcome } from './activation-outcome';

describe('refusalOutcome', () => {
  it('reads the reason the server gives for a refused link', () => {
    expect(refusalOutcome(new ApiError(400, 'VALIDATION', 'x', 400, { reason: 'used' }))).toBe('used');
    expect(refusalOutcome(new ApiError(400, 'VALIDATION', 'x', 400, { reason: 'expired' }))).toBe('expired');
    expect(refusalOutcome(new ApiError(400, 'VALIDATION', 'x', 400, { reason: 'unknown' }))).toBe('unknown');
  });
  it('a malformed token is an unknown link; anything else a failure to retry', () => {
    expect(refusalOutcome(new ApiError(400, 'VALIDATION', 'x', 400, null))).toBe('unknown');
    expect(refusalOutcome(new ApiError(0, 'NETWORK', 'offline'))).toBe('failed');
    expect(refusalOutcome(new ApiError(500, 'INTERNAL', 'x'))).toBe('failed');
    expect(refusalOutcome(new Error('x'))).toBe('failed');
  });
});
