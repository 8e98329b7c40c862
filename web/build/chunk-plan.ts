import path from 'node:path';
import type { Plugin } from 'vite';

type Test = (id: string) => boolean;

/**
 * Fewer, larger chunks where a first visit waits for them (issue 39): over HTTP/1.1 a browser fetches six
 * scripts at a time from one host, and on a slow link each costs a round trip, so the number of chunks, not
 * their bytes, sets when the sign-in page is usable.
 *   - `initial`: what the app's entry loads before any route, as one chunk, except the early entry's modules
 *     (web/build/early-entry.ts), which stay a small chunk of their own so that script runs first;
 *   - `route`: what the route needs beyond the entries (its static import graph), as one chunk.
 * The sets are filled when the module graph is complete (buildEnd), before chunking reads them. The import
 * graph counts a whole barrel (antd's index) as imported, so the route's set is a floor: its group must
 * capture dependencies too (rolldown's default) to take in what the route really uses.
 */
export function chunkPlan(o: { early: string; route: string }): { plugin: Plugin; initial: Test; route: Test } {
  const early = new Set<string>();
  const route = new Set<string>();
  const plugin: Plugin = {
    name: 'rx-chunk-plan',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>(roots);
        const stack = [...roots];
        while (stack.length) {
          for (const dep of this.getModuleInfo(stack.pop()!)?.importedIds ?? []) {
            if (seen.has(dep)) continue;
            seen.add(dep);
            stack.push(dep);
          }
        }
        return seen;
      };
      const find = (file: string) => {
        const id = ids.find((m) => path.resolve(m.split('?')[0]!) === path.resolve(file));
        if (!id) throw new Error(`chunk plan: ${file} is not in the build`);
        return id;
      };
      const entries = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      early.clear();
      for (const id of closure([find(o.early)])) early.add(id);
      route.clear();
      for (const id of closure([find(o.route)])) if (!entries.has(id)) route.add(id);
    },
  };
  return { plugin, initial: (id) => !early.has(id), route: (id) => route.has(id) };
}
