import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

const alias = { '@shared': path.resolve('shared/src'), '@web': path.resolve('web/src') };

/**
 * Unit and API tests. The API suite runs twice: against embedded PGlite and against a real PostgreSQL
 * server (TEST_DATABASE_URL, or a private cluster that tests/setup/postgres.ts starts).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['server/**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        // The browser extension, against WXT's in-memory fake of the extension APIs (fakeBrowser).
        plugins: [WxtVitest()],
        resolve: { alias },
        test: { name: 'extension', include: ['extension/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pglite',
          include: ['server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts', 'tests/deploy/**/*.api.test.ts'],
          // `*.pg.api.test.ts`: what needs a database server several processes share (LISTEN/NOTIFY).
          exclude: ['**/*.pg.api.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-postgres',
          include: ['server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts', 'tests/deploy/**/*.api.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The workstation agent against real SoftHSM2, CUPS and espeak-ng; files share those system tools.
          name: 'agent',
          include: ['agent/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
