import { describe, expect, it } from 'vitest';
import { diffRows, isChange, valueText } from './diff';

describe('audit change diff', () => {
  it('marks changed, unchanged, added and removed fields, before-row order first', () => {
    const rows = diffRows(
      { name: 'CT 1', port: 104, aet: 'CT1', note: 'old' },
      { name: 'CT 1', port: 11112, aet: 'CT1', status: 1 },
    );
    expect(rows.map((r) => [r.field, r.change])).toEqual([
      ['name', 'same'],
      ['port', 'changed'],
      ['aet', 'same'],
      ['note', 'removed'],
      ['status', 'added'],
    ]);
    expect(rows[1]).toMatchObject({ before: 104, after: 11112 });
  });

  it('shows a create as all added and a delete as all removed', () => {
    expect(diffRows(null, { a: 1, b: 2 }).map((r) => r.change)).toEqual(['added', 'added']);
    expect(diffRows({ a: 1 }, null).map((r) => r.change)).toEqual(['removed']);
  });

  it('compares nested values by content', () => {
    expect(diffRows({ m: ['CT', 'MR'] }, { m: ['CT', 'MR'] })[0]!.change).toBe('same');
    expect(diffRows({ m: ['CT'] }, { m: ['CT', 'MR'] })[0]!.change).toBe('changed');
  });

  it('tells a before/after detail from other details', () => {
    expect(isChange({ before: null, after: { a: 1 } })).toBe(true);
    expect(isChange({ filters: {}, rows: 3 })).toBe(false);
    expect(isChange(null)).toBe(false);
    expect(isChange({ before: 'x', after: 1 })).toBe(false);
  });

  it('writes values as text', () => {
    expect(valueText('a')).toBe('a');
    expect(valueText(null)).toBe('');
    expect(valueText(undefined)).toBe('');
    expect(valueText(3)).toBe('3');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
  });
});
