import { describe, expect, it } from 'vitest';
import { rng } from './demo-data';

describe('demo rng', () => {
  it('is deterministic and stays in range', () => {
    const a = rng(42);
    const b = rng(42);
    const xs = Array.from({ length: 100 }, () => a.int(1, 6));
    expect(Array.from({ length: 100 }, () => b.int(1, 6))).toEqual(xs);
    expect(xs.every((x) => x >= 1 && x <= 6)).toBe(true);
    expect(new Set(xs).size).toBe(6);
  });
});
