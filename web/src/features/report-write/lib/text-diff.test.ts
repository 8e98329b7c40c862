import { describe, expect, it } from 'vitest';
import { compactDiff, diffTexts, hasChanges } from './text-diff';

const text = (parts: { kind: string; text: string }[], kind: string) =>
  parts
    .filter((p) => p.kind === kind || p.kind === 'equal' || p.kind === 'gap')
    .map((p) => p.text)
    .join('');

describe('diffTexts', () => {
  it('rebuilds both texts from the parts', () => {
    const before = '双肺纹理清晰，未见实变。';
    const after = '双肺纹理增多，右肺见结节。';
    const parts = diffTexts(before, after);
    expect(text(parts, 'removed')).toBe(before);
    expect(text(parts, 'added')).toBe(after);
    expect(hasChanges(parts)).toBe(true);
    expect(hasChanges(diffTexts(before, before))).toBe(false);
  });

  it('folds an unchanged run shorter than 3 characters between two changes into the change', () => {
    // jsdiff alone keeps "de" (2 chars) as a match between the changes c->X and f->Y.
    expect(diffTexts('abcdefgh', 'abXdeYgh')).toEqual([
      { kind: 'equal', text: 'ab' },
      { kind: 'removed', text: 'cdef' },
      { kind: 'added', text: 'XdeY' },
      { kind: 'equal', text: 'gh' },
    ]);
  });

  it('keeps an unchanged run of 3 characters as a match', () => {
    expect(diffTexts('abcdefgij', 'abXdefYij')).toEqual([
      { kind: 'equal', text: 'ab' },
      { kind: 'removed', text: 'c' },
      { kind: 'added', text: 'X' },
      { kind: 'equal', text: 'def' },
      { kind: 'removed', text: 'g' },
      { kind: 'added', text: 'Y' },
      { kind: 'equal', text: 'ij' },
    ]);
  });

  it('does not fold short runs at the start or end (no change on one side)', () => {
    expect(diffTexts('ab-long-text', 'ab+long-text')[0]).toEqual({ kind: 'equal', text: 'ab' });
  });
});

describe('compactDiff (lookahead 5)', () => {
  it('keeps 5 characters of context around a change and folds the rest into a gap', () => {
    const before = '0123456789ABCDEFGHIJ' + 'x' + 'abcdefghijklmnopqrst';
    const after = '0123456789ABCDEFGHIJ' + 'y' + 'abcdefghijklmnopqrst';
    expect(compactDiff(diffTexts(before, after))).toEqual([
      { kind: 'gap', text: '0123456789ABCDE' },
      { kind: 'equal', text: 'FGHIJ' },
      { kind: 'removed', text: 'x' },
      { kind: 'added', text: 'y' },
      { kind: 'equal', text: 'abcde' },
      { kind: 'gap', text: 'fghijklmnopqrst' },
    ]);
  });

  it('keeps an unchanged run between changes whole when it is at most 10 characters', () => {
    const parts = compactDiff(diffTexts('a0123456789b', 'A0123456789B'));
    expect(parts.some((p) => p.kind === 'gap')).toBe(false);
    const longer = compactDiff(diffTexts('a0123456789Xb', 'A0123456789XB'));
    expect(longer).toContainEqual({ kind: 'gap', text: '5' });
  });
});
