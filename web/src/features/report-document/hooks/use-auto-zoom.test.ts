import { describe, expect, it } from 'vitest';
import { fitZoom, PAGE_WIDTH_PX } from './use-auto-zoom';
import { lineHeightFor } from './use-text-fit';

describe('auto-zoom', () => {
  it('fits the page width to the container, within the 0.2-2 slider range', () => {
    expect(PAGE_WIDTH_PX).toBeCloseTo(793.7, 1);
    expect(fitZoom(PAGE_WIDTH_PX + 24)).toBe(1);
    expect(fitZoom(PAGE_WIDTH_PX / 2 + 24)).toBe(0.5);
    expect(fitZoom(420)).toBe(0.49);
    expect(fitZoom(50)).toBe(0.2);
    expect(fitZoom(5000)).toBe(2);
  });
});

describe('line height while shrinking', () => {
  it('keeps the Tool spacing in proportion to the font', () => {
    expect(lineHeightFor(16, 16, 24)).toBe(24);
    expect(lineHeightFor(12, 16, 24)).toBe(18);
    expect(lineHeightFor(13, 16, 30)).toBe(24.38);
  });
});
