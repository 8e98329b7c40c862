import { describe, expect, it } from 'vitest';
import { fileNameOf } from './content-disposition';

describe('fileNameOf', () => {
  it('prefers the UTF-8 filename* over the ASCII filename', () => {
    const h = `attachment; filename="favourites.xlsx"; filename*=UTF-8''${encodeURIComponent('我的收藏.xlsx')}`;
    expect(fileNameOf(h, 'x.xlsx')).toBe('我的收藏.xlsx');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameOf('attachment; filename="worklist.xlsx"', 'x.xlsx')).toBe('worklist.xlsx');
    expect(fileNameOf('attachment; filename=worklist.xlsx', 'x.xlsx')).toBe('worklist.xlsx');
  });

  it('falls back when there is no name, keeps a base name only, survives a bad encoding', () => {
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.xlsx')).toBe('passwd');
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E0%A4%A`, 'x.xlsx')).toBe('a.xlsx');
  });
});
