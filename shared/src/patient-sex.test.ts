import { describe, expect, it } from 'vitest';
import { normalSex, sexCode } from './patient-sex';

describe('patient sex', () => {
  it('keeps M, F and an explicit O; anything else is not known', () => {
    expect(['M', 'F', 'O', 'f', ' O ', '', 'U', 'X'].map(normalSex)).toEqual(['M', 'F', 'O', 'F', 'O', '', '', '']);
    expect([null, undefined].map(normalSex)).toEqual(['', '']);
  });

  it('shows an empty or absent sex as unknown, never as other', () => {
    expect(['M', 'F', 'O', '', null, undefined, 'U'].map(sexCode)).toEqual([
      'M',
      'F',
      'O',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });
});
