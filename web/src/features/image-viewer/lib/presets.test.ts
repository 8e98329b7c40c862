import { describe, expect, it } from 'vitest';
import { presetsFor } from './presets';

describe('window presets by modality', () => {
  it('offers the CT windows on CT only', () => {
    expect(presetsFor('CT')).toEqual(['default', 'brain', 'lung', 'abdomen', 'bone', 'mediastinum']);
    for (const m of ['DX', 'CR', 'MR', 'US', 'OT', '', undefined]) expect(presetsFor(m)).toEqual([]);
  });
});
