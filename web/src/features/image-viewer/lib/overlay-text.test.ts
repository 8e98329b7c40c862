import { describe, expect, it } from 'vitest';
import { sexAge, studyDate, zoomText } from './overlay-text';
import { CT_PRESETS, voiRangeOf, windowOf } from './presets';

describe('overlay texts and presets', () => {
  it('formats date, zoom and sex/age', () => {
    expect(studyDate(new Date(2026, 10, 20, 9, 30).toISOString())).toBe('2026-11-20');
    expect(studyDate('nonsense')).toBe('');
    expect(zoomText(1)).toBe('1.00x');
    expect(zoomText(2.345)).toBe('2.35x');
    expect(sexAge('男', '45Y')).toBe('男 / 45Y');
    expect(sexAge('', '45Y')).toBe('45Y');
  });

  it('the CT presets of the spec, as VOI ranges and back', () => {
    expect(CT_PRESETS.map((p) => [p.key, p.width, p.center])).toEqual([
      ['brain', 80, 40],
      ['lung', 1500, -600],
      ['abdomen', 400, 40],
      ['bone', 1800, 400],
      ['mediastinum', 350, 50],
    ]);
    expect(voiRangeOf(-600, 1500)).toEqual({ lower: -1350, upper: 150 });
    expect(windowOf(voiRangeOf(40, 80))).toEqual({ center: 40, width: 80 });
  });
});
