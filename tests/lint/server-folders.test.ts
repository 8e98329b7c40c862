import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, folderArrows, folderOf } from './server-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverFiles = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'server/src/*.ts'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  // A file moved or deleted but not yet staged is still in the index: only what is on disk counts.
  .filter((f) => f.endsWith('.ts') && existsSync(path.join(root, f)));

describe('the server as folders (tests/lint/server-graph.ts)', () => {
  const arrows = folderArrows(root, serverFiles);

  it('has no circle between its folders (each module, each folder of the platform, the composition)', () => {
    expect(arrows.size).toBeGreaterThan(40);
    expect(circles(arrows)).toEqual([]);
  });

  it('the platform imports nothing above it', () => {
    const up = [...arrows].flatMap(([from, to]) =>
      from.startsWith('server/src/platform') ? [...to].filter((t) => !t.startsWith('server/src/platform')) : [],
    );
    expect(up).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
    expect(circles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('counts each folder as a node', () => {
    expect(folderOf('server/src/modules/images/decode/rle.ts')).toBe('server/src/modules/images/decode');
    expect(folderOf('server/src/platform/http/guard.ts')).toBe('server/src/platform/http');
    expect(folderOf('server/src/app.ts')).toBe('server/src');
  });
});
