import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The built web app for tests that render its pages (PDFs from the print page): WEB_DIST or web/dist when
 * built (npm test builds it first), else a build of its own into `tmp` (a test file run alone).
 */
export function builtWebDist(tmp: string): string {
  const dir = path.resolve(process.env.WEB_DIST ?? 'web/dist');
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  const out = path.join(tmp, 'web');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
    env: { ...process.env, WEB_DIST: out },
    stdio: 'ignore',
  });
  return out;
}
