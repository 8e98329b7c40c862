import { describe, expect, it } from 'vitest';
import { MODALITIES } from '@shared/constants';
import { modalitiesOf } from './modalities';

describe('modality choices', () => {
  it('are the user’s data2 list when set, in the spec’s order, else every modality', () => {
    expect(modalitiesOf(['MR', 'CT'])).toEqual(['CT', 'MR']);
    expect(modalitiesOf(['CT', 'OT'])).toEqual(['CT']);
    expect(modalitiesOf([])).toEqual(MODALITIES);
    expect(modalitiesOf(undefined)).toEqual(MODALITIES);
  });
});
