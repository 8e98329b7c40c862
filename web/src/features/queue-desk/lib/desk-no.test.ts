import { describe, expect, it } from 'vitest';
import { deskNo } from './desk-no';

describe('the number the desk shows', () => {
  it('puts the segment prefix before the number', () => {
    expect(deskNo({ call_prefix: 'B', call_no: 101 })).toBe('B101');
  });

  it('shows the number alone without a prefix, and a dash before a number is taken', () => {
    expect(deskNo({ call_prefix: '', call_no: 7 })).toBe('7');
    expect(deskNo({ call_prefix: '', call_no: null })).toBe('-');
    expect(deskNo({ call_prefix: 'B', call_no: null })).toBe('-');
  });
});
