import { describe, expect, it } from 'vitest';
import { isMoney, isPositiveWhole } from './scanp-list';

describe('scan item form rules (spec section 5)', () => {
  it('money: positive, at most 2 decimals', () => {
    expect([120, 0.01, 99.99, 1.1].map(isMoney)).toEqual([true, true, true, true]);
    expect([0, -1, 1.234, Number.NaN, '5'].map(isMoney)).toEqual([false, false, false, false, false]);
  });
  it('parts and coefficient: positive whole numbers', () => {
    expect([1, 20].map(isPositiveWhole)).toEqual([true, true]);
    expect([0, -2, 1.5, '3'].map(isPositiveWhole)).toEqual([false, false, false, false]);
  });
});
