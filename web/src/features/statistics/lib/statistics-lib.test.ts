import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { currentMonthBounds, presetRange } from './date-presets';
import { BYTES_PER_MB, bytesToGb, bytesToMb, chartUnit, formatGb, formatMb, inUnit } from './storage-units';
import { numericKeysOf, totalRow } from './total-row';
import { monthRequest } from './month-request';
import { zoomFor } from './chart-options';
import { byHour, labelled, positiveRate } from './series';

const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD'));

describe('date presets', () => {
  const wednesday = dayjs('2026-11-18T15:30:00');
  it('today is one day', () => {
    expect(fmt(presetRange('today', wednesday))).toEqual(['2026-11-18', '2026-11-18']);
  });
  it('this week runs from Monday to today, also on a Sunday', () => {
    expect(fmt(presetRange('week', wednesday))).toEqual(['2026-11-16', '2026-11-18']);
    expect(fmt(presetRange('week', dayjs('2026-11-22')))).toEqual(['2026-11-16', '2026-11-22']);
    expect(fmt(presetRange('week', dayjs('2026-11-16')))).toEqual(['2026-11-16', '2026-11-16']);
  });
  it('this month is the whole calendar month (the default range)', () => {
    expect(fmt(presetRange('month', wednesday))).toEqual(['2026-11-01', '2026-11-30']);
    expect(currentMonthBounds(dayjs('2028-02-10'))).toEqual({ startTime: '2028-02-01', endTime: '2028-02-29' });
  });
});

describe('storage units (spec: MB = bytes / 1024000, GB = MB / 1024)', () => {
  it('converts with the legacy divisors', () => {
    expect(bytesToMb(2_048_000)).toBe(2);
    expect(bytesToGb(1_024_000 * 1024 * 3)).toBe(3);
    expect(formatMb(1_536_000)).toBe('1.50');
    expect(formatGb(BYTES_PER_MB * 512)).toBe('0.50');
  });
  it('charts in GB once the largest value reaches 1 GB', () => {
    expect(chartUnit([BYTES_PER_MB * 1023])).toBe('MB');
    expect(chartUnit([5, BYTES_PER_MB * 1024])).toBe('GB');
    expect(chartUnit([])).toBe('MB');
    expect(inUnit(BYTES_PER_MB * 1536, 'GB')).toBe(1.5);
  });
});

describe('total row', () => {
  const rows = [
    { name: 'a', countrc: 2, countrs: 1, note: 'x' },
    { name: 'b', countrc: 3, countrs: 0, note: 'y' },
  ];
  it('sums every numeric column and labels the row', () => {
    expect(numericKeysOf(rows)).toEqual(['countrc', 'countrs']);
    expect(totalRow(rows, ['countrc', 'countrs'], 'name', 'Total')).toEqual({
      name: 'Total',
      countrc: 5,
      countrs: 1,
    });
  });
  it('is all zeros for no rows and ignores non-numbers', () => {
    expect(totalRow([], ['countrc'], 'name', 'T')).toEqual({ name: 'T', countrc: 0 });
  });
});

describe('monthly request', () => {
  it('needs both the month and the hospital', () => {
    expect(monthRequest(null, 'H001')).toBeNull();
    expect(monthRequest(dayjs('2026-11-05'), undefined)).toBeNull();
    expect(monthRequest(dayjs('2026-11-05'), '')).toBeNull();
    expect(monthRequest(dayjs('2026-11-05'), 'H001')).toEqual({ month: '2026-11', sn: 'H001' });
  });
});

describe('chart zoom (spec section 9: 94-100 %)', () => {
  it('opens a long axis at its latest 6 %, a short one whole', () => {
    expect(zoomFor(31)).toEqual({ start: 0, end: 100 });
    expect(zoomFor(365)).toEqual({ start: 94, end: 100 });
  });
});

describe('dashboard series', () => {
  it('fills the 24 hours', () => {
    const h = byHour([{ name: '08', value: 3 }]);
    expect(h).toHaveLength(24);
    expect(h[8]).toEqual({ name: '08', value: 3 });
    expect(h[0]).toEqual({ name: '00', value: 0 });
  });
  it('positive rate of the marked reports', () => {
    expect(
      positiveRate([
        { name: 'positive', value: 1 },
        { name: 'negative', value: 2 },
        { name: 'unmarked', value: 9 },
      ]),
    ).toBe(33.3);
    expect(positiveRate([{ name: 'unmarked', value: 9 }])).toBeNull();
  });
  it('labels codes, keeps unknown ones', () => {
    expect(
      labelled(
        [
          { name: 'M', value: 1 },
          { name: 'X', value: 2 },
        ],
        (n) => ({ M: 'Male' })[n],
      ),
    ).toEqual([
      { name: 'Male', value: 1 },
      { name: 'X', value: 2 },
    ]);
  });
});
