import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, darkenTo } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio (black on white 21, antd blue on white 4.1)', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });

  it.each(['#1677ff', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#2f54eb', '#722ed1'])(
    'darkens %s just enough for AA text on white',
    (hex) => {
      const out = darkenTo(hex);
      expect(contrastRatio(out, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
      // no darker than needed (a percent more of black moves the ratio by well under 0.3)
      if (out !== hex) expect(contrastRatio(out, '#ffffff')).toBeLessThan(AA_TEXT + 0.3);
    },
  );

  it('keeps a colour that already passes', () => {
    expect(darkenTo('#0958d9')).toBe('#0958d9');
  });
});
