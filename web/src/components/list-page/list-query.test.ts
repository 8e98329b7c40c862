import { describe, expect, it } from 'vitest';
import { ListQuerySchema } from '@shared/schemas/list';
import { exportQuery, listQuery } from './list-query';
import { DEMO_SPEC } from './list-test.test-helpers';
import { parseListParams } from './list-url';

describe('generic list query', () => {
  it('sends the set filters as JSON text, the page and the sort; the schema accepts it', () => {
    const p = parseListParams(DEMO_SPEC, new URLSearchParams('name=Li&modalitys=CT,MR&pageNumber=2&pageSize=50'));
    const q = listQuery(p);
    expect(q).toEqual({
      pageNumber: 2,
      pageSize: 50,
      column: 'create_time',
      order: 'desc',
      filters: JSON.stringify({ name: 'Li', modalitys: ['CT', 'MR'] }),
    });
    expect(ListQuerySchema.safeParse(q).success).toBe(true);
  });

  it('leaves filters out when none is set; the export has no paging', () => {
    const p = parseListParams(DEMO_SPEC, new URLSearchParams(''));
    expect(listQuery(p)).not.toHaveProperty('filters');
    expect(exportQuery(p)).toEqual({ column: 'create_time', order: 'desc' });
  });
});
