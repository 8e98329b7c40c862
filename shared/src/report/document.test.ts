import { describe, expect, it } from 'vitest';
import {
  addPage,
  computeCell,
  deletePage,
  evaluateFormula,
  joinPages,
  nextTitleSuffix,
  OptionsDataSchema,
  PAGE_SPLIT_MARKER,
  pageCount,
  parseDetail,
  rangeStatus,
  ReportDetailValuesSchema,
  rowTotal,
  splitPages,
  type TableData,
  TITLE_SUFFIXES,
} from './document';

const M = PAGE_SPLIT_MARKER;

describe('pages', () => {
  it('splits on the marker and joins back exactly', () => {
    expect(splitPages('one')).toEqual(['one']);
    expect(splitPages('')).toEqual(['']);
    expect(splitPages(`a${M}b${M}`)).toEqual(['a', 'b', '']);
    for (const t of ['', 'x', `a${M}b`, `${M}${M}`, `line\n${M}\nnext`]) expect(joinPages(splitPages(t))).toBe(t);
  });

  it('counts pages from the longer text and adds one', () => {
    expect(pageCount('a', 'b')).toBe(1);
    expect(pageCount(`a${M}b`, 'c')).toBe(2);
    expect(pageCount('a', `b${M}c${M}d`)).toBe(3);
    expect(pageCount(addPage('a'), 'b')).toBe(2);
  });

  it('deletes an extra page, never page 1, and ignores indexes out of range', () => {
    expect(deletePage(`a${M}b${M}c`, 1)).toBe(`a${M}c`);
    expect(deletePage(`a${M}b${M}c`, 2)).toBe(`a${M}b`);
    expect(deletePage(`a${M}b`, 0)).toBe(`a${M}b`);
    expect(deletePage(`a${M}b`, 5)).toBe(`a${M}b`);
    expect(deletePage(`a${M}b`, 1.5)).toBe(`a${M}b`);
    expect(deletePage('a', 1)).toBe('a');
  });
});

describe('title suffix', () => {
  it('cycles none, emergency, critical, bedside, bedside emergency, inspection, none', () => {
    const seen = [0];
    for (let i = 0; i < TITLE_SUFFIXES.length; i++) seen.push(nextTitleSuffix(seen[seen.length - 1] ?? 0));
    expect(seen.map((i) => TITLE_SUFFIXES[i])).toEqual([
      '',
      'emergency',
      'critical',
      'bedside',
      'bedsideEmergency',
      'inspection',
      '',
    ]);
    expect(nextTitleSuffix(-3)).toBe(1);
    expect(nextTitleSuffix(99)).toBe(1);
  });
});

describe('rpt_detail', () => {
  it('fills defaults for null and empty', () => {
    expect(parseDetail(null)).toEqual({ values: {}, title_suffix: 0, images: [] });
    expect(parseDetail({})).toEqual({ values: {}, title_suffix: 0, images: [] });
  });

  it('keeps the valid parts of damaged JSON', () => {
    const d = parseDetail({
      values: { a: 'x', b: { nested: 1 }, c: ['1', '2'], d: 3 },
      title_suffix: 42,
      images: 'no',
    });
    expect(d).toEqual({ values: { a: 'x', c: ['1', '2'], d: 3 }, title_suffix: 0, images: [] });
    expect(parseDetail('garbage')).toEqual({ values: {}, title_suffix: 0, images: [] });
    expect(parseDetail([1, 2])).toEqual({ values: {}, title_suffix: 0, images: [] });
  });

  it('refuses out-of-range values when validating a save', () => {
    expect(ReportDetailValuesSchema.safeParse({ title_suffix: 6 }).success).toBe(false);
    expect(ReportDetailValuesSchema.safeParse({ values: { a: 'x'.repeat(4001) } }).success).toBe(false);
    expect(ReportDetailValuesSchema.safeParse({ values: { a: 'ok' }, title_suffix: 5 }).success).toBe(true);
  });
});

describe('table', () => {
  const table: TableData = {
    rows: [
      [{ text: 'item' }, { text: 'left' }, { text: 'right' }, { text: 'sum' }],
      [{ text: 'size' }, {}, {}, { model: '1' }],
      [{ text: 'half' }, { formula: 'B2/2' }, { formula: '(B2+C2)*2-1' }, { formula: 'D2/0' }],
    ],
  };

  it('row total sums the numeric plain cells and skips text and computed cells', () => {
    expect(rowTotal(table, 't', 1, { 't.1.1': '1.5', 't.1.2': 2 })).toBe(3.5);
    expect(rowTotal(table, 't', 1, { 't.1.1': 'abc', 't.1.2': '' })).toBe(0);
    expect(rowTotal(table, 't', 1, {})).toBe(0);
    expect(rowTotal(table, 't', 99, {})).toBe(0);
  });

  it('computes formulas over typed cells and totals', () => {
    const v = { 't.1.1': '3', 't.1.2': '4' };
    expect(computeCell(table, 't', 1, 3, v)).toBe(7);
    expect(computeCell(table, 't', 2, 1, v)).toBe(1.5);
    expect(computeCell(table, 't', 2, 2, v)).toBe(13);
    expect(computeCell(table, 't', 2, 3, v)).toBeNull();
    expect(computeCell(table, 't', 0, 0, v)).toBe('item');
  });

  it('formulas with bad input give null and never throw', () => {
    const zero = () => 0;
    for (const f of [
      '',
      '1+',
      '(1',
      '1)',
      'A',
      'A0+',
      '1 ** 2',
      'alert(1)',
      '1/0',
      '__proto__',
      '9'.repeat(400),
      '--',
    ]) {
      expect(() => evaluateFormula(f, zero)).not.toThrow();
      expect(evaluateFormula(f, zero)).toBeNull();
    }
    expect(evaluateFormula(' -2 * (3 + 1) ', zero)).toBe(-8);
    expect(evaluateFormula('0.1+0.2', zero)).toBe(0.3);
    expect(evaluateFormula('A1+1', () => null)).toBeNull();
  });

  it('a formula cycle gives null', () => {
    const cyc: TableData = { rows: [[{ formula: 'B1+1' }, { formula: 'A1+1' }]] };
    expect(computeCell(cyc, 'c', 0, 0, {})).toBeNull();
    const self: TableData = { rows: [[{ formula: 'A1' }]] };
    expect(computeCell(self, 's', 0, 0, {})).toBeNull();
  });
});

describe('ultrasound range and options', () => {
  const data = { ranges: [{ month: 5, min: 10, max: 20 }] };
  it('places a value against its month', () => {
    expect(rangeStatus(data, 5, '9')).toBe('low');
    expect(rangeStatus(data, 5, 15)).toBe('normal');
    expect(rangeStatus(data, '5', '21')).toBe('high');
    expect(rangeStatus(data, 6, 15)).toBeNull();
    expect(rangeStatus(data, 5, '')).toBeNull();
    expect(rangeStatus({ ranges: [{ month: 5, min: 20, max: 20 }] }, 5, 20)).toBeNull();
  });
  it('options are non-empty and unique', () => {
    expect(OptionsDataSchema.safeParse({ options: ['a', 'b'] }).success).toBe(true);
    expect(OptionsDataSchema.safeParse({ options: [] }).success).toBe(false);
    expect(OptionsDataSchema.safeParse({ options: ['a', 'a'] }).success).toBe(false);
    expect(OptionsDataSchema.safeParse({ options: [' '] }).success).toBe(false);
  });
});
