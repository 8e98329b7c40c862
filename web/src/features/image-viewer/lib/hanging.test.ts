import { describe, expect, it } from 'vitest';
import { fillCells, hangingOf, modalityKey } from './hanging';

const S = ['s1', 's2', 's3', 's4', 's5'];

describe('hanging protocol by modality', () => {
  it('opens CT and US in one viewport with the first series', () => {
    expect(hangingOf('CT', S)).toEqual({ layout: '1x1', cells: ['s1'] });
    expect(hangingOf('US', S)).toEqual({ layout: '1x1', cells: ['s1'] });
  });

  it('opens MR in 2x2 with its first four series in order', () => {
    expect(hangingOf('MR', S)).toEqual({ layout: '2x2', cells: ['s1', 's2', 's3', 's4'] });
  });

  it('opens a radiograph (DX, CR, DR) in 1x2: PA and lateral', () => {
    for (const m of ['DX', 'CR', 'DR']) expect(hangingOf(m, S)).toEqual({ layout: '1x2', cells: ['s1', 's2'] });
  });

  it('narrows a default to the series there are; an unknown modality opens in one viewport', () => {
    expect(hangingOf('DX', ['a'])).toEqual({ layout: '1x1', cells: ['a'] });
    expect(hangingOf('MR', ['a', 'b', 'c'])).toEqual({ layout: '1x2', cells: ['a', 'b'] });
    expect(hangingOf('XA', S)).toEqual({ layout: '1x1', cells: ['s1'] });
    expect(hangingOf('CT', [])).toEqual({ layout: '1x1', cells: [] });
  });

  it("follows the user's remembered layout for the modality, as chosen, and the defaults for others", () => {
    const own = { CT: '1x2', MR: '1x1' } as const;
    expect(hangingOf('CT', ['a'], own)).toEqual({ layout: '1x2', cells: ['a', 'a'] });
    expect(hangingOf('MR', S, own)).toEqual({ layout: '1x1', cells: ['s1'] });
    expect(hangingOf('DX', S, own)).toEqual({ layout: '1x2', cells: ['s1', 's2'] });
  });

  it('keeps the placed series when the layout changes', () => {
    expect(fillCells('2x2', S, ['s3'])).toEqual(['s3', 's2', 's3', 's4']);
    expect(fillCells('1x1', S, ['s3', 's1'])).toEqual(['s3']);
  });

  it("reads the study's modality key", () => {
    expect(modalityKey({ modality: 'mr', series: [] })).toBe('MR');
    expect(modalityKey({ modality: 'CT\\SR', series: [] })).toBe('CT');
    expect(modalityKey({ modality: '', series: [{ modality: 'DX' }] })).toBe('DX');
    expect(modalityKey({ modality: '', series: [] })).toBe('');
  });
});
