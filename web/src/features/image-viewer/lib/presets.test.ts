import { describe, expect, it } from 'vitest';
import { fileWindowsOf, presetsFor } from './presets';

describe('window presets by modality', () => {
  it('offers the CT windows on CT only', () => {
    expect(presetsFor('CT')).toEqual(['default', 'brain', 'lung', 'abdomen', 'bone', 'mediastinum']);
    for (const m of ['DX', 'CR', 'MR', 'US', 'OT', '', undefined]) expect(presetsFor(m)).toEqual([]);
  });

  it("offers the image's own windows when its header carries two or more, each pair once", () => {
    expect(fileWindowsOf({ windowCenter: [2048, 1800, 2300], windowWidth: [4096, 3000, 3000] })).toEqual([
      { center: 2048, width: 4096 },
      { center: 1800, width: 3000 },
      { center: 2300, width: 3000 },
    ]);
    expect(fileWindowsOf({ windowCenter: [40, 40, 400], windowWidth: [80, 80, 1500] })).toEqual([
      { center: 40, width: 80 },
      { center: 400, width: 1500 },
    ]);
  });

  it('offers none for one window (reset gives it), none, unpaired values or a width below 1', () => {
    expect(fileWindowsOf({ windowCenter: 40, windowWidth: 80 })).toEqual([]);
    expect(fileWindowsOf({ windowCenter: [40, 40], windowWidth: [80, 80] })).toEqual([]);
    expect(fileWindowsOf(undefined)).toEqual([]);
    expect(fileWindowsOf({ windowCenter: [40, 400] })).toEqual([]);
    expect(fileWindowsOf({ windowCenter: [40, 400], windowWidth: [80, 0] })).toEqual([]);
  });
});
