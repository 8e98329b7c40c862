import { escapeLike } from '../../platform/list/query';

/**
 * PS3.4 C.2.2.2.4 wildcards ('*' any run, '?' one character) as a LIKE pattern, everything else literal
 * (the backslash is PostgreSQL's default escape). The DICOMweb query and the worklist both match with it.
 */
export const wildcardLike = (v: string) => escapeLike(v).replace(/\*/g, '%').replace(/\?/g, '_');

const CJK = /[\u3400-\u9fff]/u;

/** A PN query's groups as stored display names: '李^四' -> '李四', 'Zhang^San*' -> 'Zhang San*'. */
export function nameGroups(query: string): string[] {
  return query
    .split('=')
    .filter((g) => g.trim())
    .map((g) =>
      g
        .split('^')
        .map((p) => p.trim())
        .filter(Boolean)
        .join(CJK.test(g) ? '' : ' '),
    );
}
