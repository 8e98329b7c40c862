import { describe, expect, it } from 'vitest';
import { nameGroups, wildcardLike } from './dicom-match';

describe('DICOM matching as SQL', () => {
  it('turns * and ? into LIKE wildcards and keeps %, _ and \\ literal', () => {
    expect(wildcardLike('P0?1*')).toBe('P0_1%');
    expect(wildcardLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('reads a PN query as display names, one per group', () => {
    expect(nameGroups('Wang^Xiao Ming=王^小明')).toEqual(['Wang Xiao Ming', '王小明']);
    expect(nameGroups('Zhang^San*==')).toEqual(['Zhang San*']);
  });
});
