import { describe, expect, it } from 'vitest';
import { BatchDeleteSchema, DuplicateCheckSchema, ListQuerySchema } from './list';

describe('ListQuerySchema', () => {
  it('defaults to page 1 of 20 and parses filters into an object', () => {
    expect(ListQuerySchema.parse({ filters: '{"sn":"01"}' })).toEqual({
      pageNumber: 1,
      pageSize: 20,
      filters: { sn: '01' },
    });
    expect(ListQuerySchema.parse({ pageNumber: '3', pageSize: '50', filters: ' ' })).toMatchObject({
      pageNumber: 3,
      pageSize: 50,
      filters: {},
    });
  });

  it.each([
    ['filters that are not JSON', { filters: '{' }],
    ['filters that are not an object', { filters: '[1]' }],
    ['filters over 4 KB (counted in bytes)', { filters: JSON.stringify({ a: '字'.repeat(1400) }) }],
    ['a page size outside the options', { pageSize: '15' }],
    ['an order other than asc/desc', { order: 'up' }],
    ['a super query condition without field and rule', { superQueryParams: '[{}]' }],
  ])('refuses %s', (_, q) => {
    expect(ListQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe('BatchDeleteSchema', () => {
  it('splits, trims and de-duplicates the ids', () => {
    expect(BatchDeleteSchema.parse({ ids: 'a, b,a' })).toEqual({ ids: ['a', 'b'] });
  });
  it.each([
    ['no id', ''],
    ['an empty id', 'a,,b'],
    ['501 ids', Array.from({ length: 501 }, (_, i) => String(i)).join(',')],
  ])('refuses %s', (_, ids) => {
    expect(BatchDeleteSchema.safeParse({ ids }).success).toBe(false);
  });
  it('takes 500 ids', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `1.2.840.${i}`).join(',');
    expect(BatchDeleteSchema.parse({ ids }).ids).toHaveLength(500);
  });
});

describe('DuplicateCheckSchema', () => {
  it('takes pk or dataId as a number or digits, and a number as the value', () => {
    expect(DuplicateCheckSchema.parse({ tableName: 't', fieldName: 'f', fieldVal: 12, dataId: '7' })).toEqual({
      tableName: 't',
      fieldName: 'f',
      fieldVal: '12',
      dataId: 7,
    });
    expect(DuplicateCheckSchema.parse({ tableName: 't', fieldName: 'f', fieldVal: 'x', pk: '' }).pk).toBeUndefined();
  });
  it('refuses a pk that is not a whole number', () => {
    expect(DuplicateCheckSchema.safeParse({ tableName: 't', fieldName: 'f', fieldVal: 'x', pk: '1;' }).success).toBe(
      false,
    );
  });
});
