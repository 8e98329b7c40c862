import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { OrderListRequestSchema } from '@shared/schemas/order';
import { parseListParams } from '@web/components/list-page/list-url';
import { orderListBody, worklistSpec } from './worklist-list';

const spec = worklistSpec(((k: string) => k) as TFunction<'study'>);
const parse = (q: string) => parseListParams(spec, new URLSearchParams(q));

describe('worklist list', () => {
  it('defaults to newest first, 20 a page, and sends only set filters', () => {
    expect(orderListBody(parse('modalitys=CT'))).toEqual({
      pageNumber: 1,
      pageSize: 20,
      sort: 'create_time desc',
      modalitys: ['CT'],
    });
  });

  it('a header sort becomes one of the OrderList sorts; the body passes its schema', () => {
    const body = orderListBody(parse('column=report_datetime&order=asc&rpt_status=0,2&startDate=2026-01-01'));
    expect(body).toMatchObject({ sort: 'report_datetime asc', rpt_status: [0, 2], startDate: '2026-01-01' });
    expect(OrderListRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sorts only by the columns the server sorts by', () => {
    expect(spec.sortColumns).toEqual(['create_time', 'study_datetime', 'report_datetime', 'patient_name', 'priority']);
    expect(orderListBody(parse('column=patient_id&order=asc')).sort).toBe('create_time desc');
  });
});
