import { describe, expect, it } from 'vitest';
import { SuperQueryTextSchema } from './super-query';

describe('SuperQueryTextSchema', () => {
  it('reads a JSON array of conditions, JeecgBoot’s URI-encoded text too; empty is none; unknown keys dropped', () => {
    const conds = [{ field: 'modality', rule: 'eq', val: 'CT', type: 'string' }];
    expect(SuperQueryTextSchema.parse(JSON.stringify(conds))).toEqual([{ field: 'modality', rule: 'eq', val: 'CT' }]);
    expect(SuperQueryTextSchema.parse(encodeURI(JSON.stringify(conds)))).toEqual([
      { field: 'modality', rule: 'eq', val: 'CT' },
    ]);
    expect(SuperQueryTextSchema.parse('  ')).toEqual([]);
    expect(SuperQueryTextSchema.parse('[{"field":"cost","rule":"in","val":[1,2]}]')).toEqual([
      { field: 'cost', rule: 'in', val: ['1', '2'] },
    ]);
    expect(SuperQueryTextSchema.parse('[{"field":"code","rule":"empty"}]')).toEqual([{ field: 'code', rule: 'empty' }]);
  });

  it.each([
    ['not JSON', '[{'],
    ['a bad URI escape', '%E0%A4%A'],
    ['an object', '{"field":"a","rule":"eq","val":"x"}'],
    ['an unknown rule', '[{"field":"a","rule":"matches","val":"x"}]'],
    ['a missing value', '[{"field":"a","rule":"eq"}]'],
    ['a blank value', '[{"field":"a","rule":"like","val":"  "}]'],
    ['an empty in-list', '[{"field":"a","rule":"in","val":[]}]'],
    ['a value over 256 characters', JSON.stringify([{ field: 'a', rule: 'eq', val: 'x'.repeat(257) }])],
    ['21 conditions', JSON.stringify(Array.from({ length: 21 }, () => ({ field: 'a', rule: 'eq', val: 'x' })))],
    ['over 4 KB', JSON.stringify([{ field: 'a', rule: 'eq', val: '字'.repeat(1400) }])],
    ['a nested object as value', '[{"field":"a","rule":"eq","val":{"x":1}}]'],
  ])('refuses %s', (_, text) => {
    expect(SuperQueryTextSchema.safeParse(text).success).toBe(false);
  });
});
