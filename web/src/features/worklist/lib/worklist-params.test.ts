import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKLIST, orderListBody, parseWorklist, worklistSearch } from './worklist-params';

describe('worklist URL params', () => {
  it('defaults: page 1, 20 a page, newest first', () => {
    const p = parseWorklist(new URLSearchParams(''));
    expect(p).toEqual(DEFAULT_WORKLIST);
    expect(p.pageSize).toBe(20);
    expect(p.sort).toBe('create_time desc');
  });

  it('round-trips filters', () => {
    const p = {
      ...DEFAULT_WORKLIST,
      patient_id: 'P100001',
      modalitys: ['CT', 'MR'] as ('CT' | 'MR')[],
      rpt_status: [0, 2],
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      sort: 'patient_name asc' as const,
      pageNumber: 3,
      pageSize: 50,
    };
    expect(parseWorklist(worklistSearch(p))).toEqual(p);
  });

  it('drops what the server would refuse', () => {
    const p = parseWorklist(
      new URLSearchParams('modalitys=CT,XX&rpt_status=1,9&pageSize=33&pageNumber=-2&sort=drop&startDate=today'),
    );
    expect(p.modalitys).toEqual(['CT']);
    expect(p.rpt_status).toEqual([1]);
    expect(p.pageSize).toBe(20);
    expect(p.pageNumber).toBe(1);
    expect(p.sort).toBe('create_time desc');
    expect(p.startDate).toBe('');
  });

  it('sends only set filters', () => {
    expect(orderListBody({ ...DEFAULT_WORKLIST, modalitys: ['CT'] })).toEqual({
      pageNumber: 1,
      pageSize: 20,
      sort: 'create_time desc',
      modalitys: ['CT'],
    });
  });
});
