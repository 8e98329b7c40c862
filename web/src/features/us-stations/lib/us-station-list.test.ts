import { describe, expect, it } from 'vitest';
import { pageOfRows } from '@web/components/list-page/list-query';
import { rangeLabel } from './us-station-list';

describe('us station list helpers', () => {
  it('cuts a page out of every row', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOfRows(rows, 3, 10)).toEqual({
      list: [21, 22, 23],
      totalRow: 23,
      totalPage: 3,
      pageNumber: 3,
      pageSize: 10,
    });
    expect(pageOfRows([], 1, 10)).toMatchObject({ list: [], totalRow: 0, totalPage: 0 });
  });

  it('shows a range with its prefix', () => {
    expect(rangeLabel({ prefix: 'B', start_no: 101, end_no: 199 })).toBe('B101–B199');
    expect(rangeLabel({ prefix: '', start_no: 1, end_no: 99 })).toBe('1–99');
  });
});
