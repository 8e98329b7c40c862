import { describe, expect, it } from 'vitest';
import { createStrain, outgrownEmbedded } from './strain';

const HOUR = 3_600_000;

describe('strain over the last day', () => {
  it('counts by kind, forgets what is older than 24 hours', () => {
    let now = 1_000 * HOUR;
    const strain = createStrain(() => now);
    expect(strain.lastDay()).toBeNull();
    strain.note('shed');
    now += 2 * HOUR;
    strain.note('waited');
    strain.note('waited');
    expect(strain.lastDay()).toEqual({ shed: 1, waited: 2 });
    now += 23 * HOUR;
    expect(strain.lastDay()).toEqual({ shed: 0, waited: 2 });
    now += 2 * HOUR;
    expect(strain.lastDay()).toBeNull();
  });

  it('is advice to move only on the embedded database', () => {
    const strain = createStrain();
    strain.note('shed');
    expect(outgrownEmbedded({ dbKind: 'pglite', strain })).toEqual({ shed: 1, waited: 0 });
    expect(outgrownEmbedded({ dbKind: 'postgres', strain })).toBeNull();
  });
});
