import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('lets `limit` calls of a key through per window, then answers the seconds left; other keys go on', () => {
    let t = 0;
    const rl = createRateLimiter({ limit: 2, windowMs: 10_000, now: () => t });
    expect([rl.take('a'), rl.take('a')]).toEqual([0, 0]);
    t = 4_000;
    expect(rl.take('a')).toBe(6);
    expect(rl.take('b')).toBe(0);
    t = 10_000;
    expect(rl.take('a')).toBe(0);
  });

  it('keeps at most maxKeys windows, dropping the oldest', () => {
    let t = 0;
    const rl = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2, now: () => t });
    rl.take('a');
    t = 1;
    rl.take('b');
    rl.take('c');
    // 'a' was forgotten, so it starts a new window.
    expect(rl.take('a')).toBe(0);
    expect(rl.take('c')).toBeGreaterThan(0);
  });
});
