import { describe, expect, it } from 'vitest';
import { sameWindowScale, syncedIndex } from './sync';

describe('scrolling and window synchronised with a prior', () => {
  it('keeps first with first and last with last, and the middle in the middle', () => {
    expect(syncedIndex(0, 24, 40)).toBe(0);
    expect(syncedIndex(23, 24, 40)).toBe(39);
    expect(syncedIndex(12, 25, 49)).toBe(24);
    expect(syncedIndex(5, 24, 24)).toBe(5);
    expect(syncedIndex(3, 1, 10)).toBe(0);
    expect(syncedIndex(3, 10, 1)).toBe(0);
  });

  it('carries the window only between series of one modality', () => {
    expect(sameWindowScale('CT', 'ct')).toBe(true);
    expect(sameWindowScale('CT', 'MR')).toBe(false);
    expect(sameWindowScale(undefined, 'CT')).toBe(false);
  });
});
