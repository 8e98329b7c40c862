/** A set of request paths as modules declare them: exact, or with `{name}` standing for one path segment. */
export interface PathSet {
  has(path: string): boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function pathSet(paths: Iterable<string>): PathSet {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const p of paths) {
    if (!p.includes('{')) exact.add(p);
    else
      patterns.push(
        new RegExp(
          `^${p
            .split(/\{[^/}]+\}/)
            .map(escape)
            .join('[^/]+')}$`,
        ),
      );
  }
  return { has: (path) => exact.has(path) || patterns.some((r) => r.test(path)) };
}
