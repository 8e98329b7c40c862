import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': path.resolve('shared/src'), '@web': path.resolve('web/src') };

/**
 * Browser tests: the real server in-process (fresh in-memory database per file) serving the built web app
 * (npm run test:e2e builds it first), driven by Chromium through playwright-core. One file at a time.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
