import { describe, expect, it } from 'vitest';
import { callNoLabel } from './queue';

describe('call number label', () => {
  it('puts the segment prefix before the number, and is empty before a number is taken', () => {
    expect(callNoLabel('B', 101)).toBe('B101');
    expect(callNoLabel('', 7)).toBe('7');
    expect(callNoLabel('B', null)).toBe('');
  });
});
