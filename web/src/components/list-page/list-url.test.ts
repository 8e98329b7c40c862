import { describe, expect, it } from 'vitest';
import { DEMO_SPEC, type DemoFilters } from './list-test.test-helpers';
import { parseListParams, planSearch, setFilters, writeListParams } from './list-url';

const parse = (q: string, firstVisit?: Partial<DemoFilters>) =>
  parseListParams(DEMO_SPEC, new URLSearchParams(q), firstVisit);

describe('list URL state', () => {
  it('defaults: page 1, 20 a page, the default sort, no filter', () => {
    expect(parse('')).toEqual({
      filters: DEMO_SPEC.empty,
      pageNumber: 1,
      pageSize: 20,
      column: 'create_time',
      order: 'desc',
    });
  });

  it('round-trips every kind of field, the page and the sort', () => {
    const p = {
      filters: {
        name: '张三',
        sn: 'H001',
        kind: 'b',
        modalitys: ['CT' as const, 'MR' as const],
        rpt_status: [0, 2],
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      },
      pageNumber: 3,
      pageSize: 50,
      column: 'patient_name',
      order: 'asc' as const,
    };
    expect(parse(writeListParams(DEMO_SPEC, p).toString())).toEqual(p);
  });

  it('writes only what differs from the defaults, but always the page', () => {
    expect(writeListParams(DEMO_SPEC, parse('')).toString()).toBe('pageNumber=1');
    expect(writeListParams(DEMO_SPEC, { ...parse(''), column: 'patient_name', order: 'asc' }).toString()).toBe(
      'pageNumber=1&column=patient_name&order=asc',
    );
  });

  it('reads what the server would refuse as "not set"', () => {
    const p = parse(
      'modalitys=CT,XX&rpt_status=1,9&kind=zzz&pageSize=33&pageNumber=-2&column=password&order=asc&startDate=today',
    );
    expect(p.filters.modalitys).toEqual(['CT']);
    expect(p.filters.rpt_status).toEqual([1]);
    expect(p.filters.kind).toBe('');
    expect(p.filters.startDate).toBe('');
    expect(p.pageSize).toBe(20);
    expect(p.pageNumber).toBe(1);
    expect([p.column, p.order]).toEqual(['create_time', 'desc']);
    expect(parse('column=patient_name&order=sideways').column).toBe('create_time');
  });

  it('applies first-visit filters only to an empty query', () => {
    const today = { startDate: '2026-03-04', endDate: '2026-03-04' };
    expect(parse('', today).filters.startDate).toBe('2026-03-04');
    expect(parse('pageNumber=1', today).filters.startDate).toBe('');
  });

  it('a search for the list already shown changes nothing in the URL and asks for a reload', () => {
    const shown = parse('name=A&pageNumber=2');
    expect(planSearch(DEMO_SPEC, 'name=A&pageNumber=2', shown, shown)).toEqual({ query: null, changed: false });
    const next = planSearch(DEMO_SPEC, 'name=A&pageNumber=2', shown, { ...shown, pageNumber: 1 });
    expect(next.query?.toString()).toBe('name=A&pageNumber=1');
    expect(next.changed).toBe(true);
  });

  it('a first visit searched as is writes the URL but is the same list', () => {
    const today = { startDate: '2026-03-04', endDate: '2026-03-04' };
    const shown = parse('', today);
    const plan = planSearch(DEMO_SPEC, '', shown, shown);
    expect(plan.query?.toString()).toBe('startDate=2026-03-04&endDate=2026-03-04&pageNumber=1');
    expect(plan.changed).toBe(false);
  });

  it('keeps only set filters, text trimmed', () => {
    expect(setFilters({ ...DEMO_SPEC.empty, name: '  ', sn: ' H001 ', modalitys: ['CT'] })).toEqual({
      sn: 'H001',
      modalitys: ['CT'],
    });
  });
});
