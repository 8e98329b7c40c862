import { describe, expect, it } from 'vitest';
import { LAYOUT_DEFAULTS } from './layout-defaults';
import { LayoutSettingsSchema } from './schemas/auth';

describe('LAYOUT_DEFAULTS', () => {
  it('are exactly what the schema fills in for an empty layout', () => {
    expect(LayoutSettingsSchema.parse({})).toEqual(LAYOUT_DEFAULTS);
  });
});
