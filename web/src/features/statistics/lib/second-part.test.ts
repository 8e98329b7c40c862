import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ZHANJIANG_COLUMNS } from '@shared/schemas/statistics';
import { statsParams } from '../hooks/use-stats-filters';
import { formatRate } from './film-quality';
import { topN } from './series';
import { bucketPoints, newestDay } from './use-time';
import { zhanjiangColumns } from './zhanjiang-columns';

const t = ((k: string) => k) as unknown as TFunction<'statistics'>;

type Col = { key?: unknown; dataIndex?: unknown; children?: Col[] };
const leaves = (cols: Col[]): Col[] => cols.flatMap((c) => (c.children ? leaves(c.children) : [c]));
const depth = (cols: Col[]): number => Math.max(...cols.map((c) => (c.children ? 1 + depth(c.children) : 1)));

describe('three-tab page columns', () => {
  it('name, the 18 modality x stage x kind columns in the contract order, then the row sum; three header levels', () => {
    const cols = zhanjiangColumns(t, 'report') as Col[];
    expect(leaves(cols).map((c) => c.dataIndex)).toEqual(['name', ...ZHANJIANG_COLUMNS, 'sum']);
    expect(depth(cols)).toBe(3);
  });
});

describe('statistics helpers of the second part', () => {
  it('statsParams leaves out empty filters', () => {
    const r: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-30')];
    expect(statsParams(r, { sn: undefined, modality: 'CT' })).toEqual({
      startTime: '2026-11-01',
      endTime: '2026-11-30',
      modality: 'CT',
    });
  });

  it('formatRate shows percent with 2 decimals', () => {
    expect(formatRate(33.333)).toBe('33.33%');
    expect(formatRate(0)).toBe('0.00%');
  });

  it('topN keeps the largest, largest first, ties by name', () => {
    const pts = [
      { name: 'b', value: 2 },
      { name: 'a', value: 2 },
      { name: 'c', value: 9 },
      { name: 'd', value: 1 },
    ];
    expect(topN(pts, 3).map((p) => p.name)).toEqual(['c', 'a', 'b']);
  });

  it('newestDay takes the latest day with openings; none without', () => {
    expect(newestDay({ data: [], data2: { '2026-11-02': 3, '2026-11-20': 1, '2026-10-31': 5 } })).toBe('2026-11-20');
    expect(newestDay({ data: [], data2: {} })).toBeUndefined();
    expect(newestDay(undefined)).toBeUndefined();
  });

  it('bucketPoints gives the four buckets in order, missing ones as 0', () => {
    expect(bucketPoints({ lt1s: 4, ge10s: 1 }, (b) => b)).toEqual([
      { name: 'lt1s', value: 4 },
      { name: '1to3s', value: 0 },
      { name: '3to10s', value: 0 },
      { name: 'ge10s', value: 1 },
    ]);
  });
});
