import { describe, expect, it } from 'vitest';
import { sanitizeTool, TOOL_DEFAULTS } from './tool-store';

describe('Tool tab limits', () => {
  it('clamps font and spacing to 8-48 and zoom to 0.2-2 in steps of 0.1', () => {
    expect(sanitizeTool({ fontSize: 4, lineHeight: 60, zoom: 2.7, autoZoom: true })).toEqual({
      fontSize: 8,
      lineHeight: 48,
      zoom: 2,
      autoZoom: true,
      fontScale: true,
    });
    expect(sanitizeTool({ fontSize: 12.4, lineHeight: 8, zoom: 0.04 })).toMatchObject({ fontSize: 12, zoom: 0.2 });
    expect(sanitizeTool({ zoom: 1.26 }).zoom).toBe(1.3);
  });

  it('falls back to the defaults for anything that is not a number', () => {
    expect(sanitizeTool({ fontSize: '20', zoom: Number.NaN, autoZoom: 'yes' })).toEqual(TOOL_DEFAULTS);
  });

  it('keeps font scaling on unless turned off (older stored settings have none)', () => {
    expect(sanitizeTool({}).fontScale).toBe(true);
    expect(sanitizeTool({ fontScale: 'no' }).fontScale).toBe(true);
    expect(sanitizeTool({ fontScale: false }).fontScale).toBe(false);
  });
});
