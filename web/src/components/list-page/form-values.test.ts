import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from './form-values';
import { DEMO_SPEC } from './list-test.test-helpers';
import { parseListParams } from './list-url';

const shown = { ...parseListParams(DEMO_SPEC, new URLSearchParams('')), pageNumber: 4 };

describe('field description <-> list params', () => {
  it('shows the state in the form: unset selects empty, text as text, dates as a range, the sort', () => {
    const values = toFormValues(DEMO_SPEC.fields, {
      ...shown,
      filters: { ...shown.filters, name: 'Li', startDate: '2026-01-02' },
    });
    expect(values).toMatchObject({
      name: 'Li',
      sn: undefined,
      kind: undefined,
      modalitys: [],
      rpt_status: [],
      __sort: 'create_time desc',
    });
    const range = values.startDate as [dayjs.Dayjs | null, dayjs.Dayjs | null];
    expect(range[0]?.format('YYYY-MM-DD')).toBe('2026-01-02');
    expect(range[1]).toBeNull();
  });

  it('a submitted form is the first page of its filters, trimmed, with the chosen sort', () => {
    const next = fromFormValues(
      DEMO_SPEC.fields,
      {
        name: '  Wang ',
        sn: 'H002',
        kind: 'a',
        modalitys: ['CT'],
        rpt_status: [1],
        startDate: [dayjs('2026-02-01'), dayjs('2026-02-03')],
        __sort: 'patient_name asc',
      },
      shown,
    );
    expect(next).toEqual({
      filters: {
        name: 'Wang',
        sn: 'H002',
        kind: 'a',
        modalitys: ['CT'],
        rpt_status: [1],
        startDate: '2026-02-01',
        endDate: '2026-02-03',
      },
      pageNumber: 1,
      pageSize: 20,
      column: 'patient_name',
      order: 'asc',
    });
  });

  it('cleared controls clear their filters; an unknown sort keeps the current one', () => {
    const withFilters = { ...shown, filters: { ...shown.filters, name: 'x', modalitys: ['CT' as const] } };
    const next = fromFormValues(DEMO_SPEC.fields, { name: undefined, startDate: null, __sort: 'x y' }, withFilters);
    expect(next.filters).toEqual(DEMO_SPEC.empty);
    expect([next.column, next.order]).toEqual(['create_time', 'desc']);
  });

  it('round-trips through the form', () => {
    const p = parseListParams(
      DEMO_SPEC,
      new URLSearchParams(
        'name=A&sn=H001&modalitys=DX&rpt_status=0&startDate=2026-01-01&column=patient_name&order=asc',
      ),
    );
    expect(fromFormValues(DEMO_SPEC.fields, toFormValues(DEMO_SPEC.fields, p), p)).toEqual(p);
  });
});
