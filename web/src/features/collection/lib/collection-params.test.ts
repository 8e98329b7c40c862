import { describe, expect, it } from 'vitest';
import { collectionBody, collectionSearch, parseCollection } from './collection-params';

describe('favourites URL params', () => {
  it('a first visit shows today, 20 a page', () => {
    const p = parseCollection(new URLSearchParams(''), '2026-03-04');
    expect(p.startDate).toBe('2026-03-04');
    expect(p.endDate).toBe('2026-03-04');
    expect(collectionBody(p)).toEqual({ pageNumber: 1, pageSize: 20, startDate: '2026-03-04', endDate: '2026-03-04' });
  });

  it('a search without dates keeps them cleared', () => {
    const p = parseCollection(new URLSearchParams('pageNumber=1'), '2026-03-04');
    expect(p.startDate).toBe('');
    expect(collectionBody(p)).toEqual({ pageNumber: 1, pageSize: 20 });
  });

  it('round-trips the filters', () => {
    const p = {
      sn: 'H001',
      patient_name: '张',
      startDate: '2026-01-01',
      endDate: '2026-01-02',
      modalitys: ['CT' as const],
      study_desc: '胸部',
      report_content: '结节',
      pageNumber: 2,
    };
    expect(parseCollection(collectionSearch(p))).toEqual(p);
  });
});
