import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The layer rules that fire on `code` placed at `file` (a path that need not exist). */
async function layerRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('layers/') ? [m.ruleId] : [])).sort();
}

const BOUNDARY = ['layers/boundaries'];
const TEST_CODE = ['layers/no-test-code'];
const NONE: string[] = [];

type Case = [file: string, code: string, fires: string[]];

const cases: Record<string, Case[]> = {
  'web does not import server or agent': [
    ['web/src/lib/x.ts', "import '../../../server/src/app';", BOUNDARY],
    ['web/src/lib/x.ts', "import { x } from 'server/src/platform/core/env'; export { x };", BOUNDARY],
    ['web/src/lib/x.ts', "export * from '../../../agent/src/config';", BOUNDARY],
    ['web/src/lib/x.ts', "import '@web/../../server/src/app';", BOUNDARY],
    ['web/src/lib/x.ts', "import '@shared/constants'; import '../components/y';", NONE],
  ],
  'server does not import web, agent or extension': [
    ['server/src/modules/report/x.ts', "import '@web/lib/api-client';", BOUNDARY],
    ['server/src/modules/report/x.ts', "const m = () => import('../../../../web/src/lib/api-client'); m();", BOUNDARY],
    [
      'server/src/modules/cert/x.ts',
      "import type { A } from '../../../../agent/src/config'; export type B = A;",
      BOUNDARY,
    ],
    ['server/src/x.ts', "import '../../extension/lib/settings';", BOUNDARY],
    ['server/src/modules/report/x.ts', "import '@shared/agent/payload'; import '../../platform/core/errors';", NONE],
  ],
  'agent and extension do not import server or web': [
    ['agent/src/x.ts', "import '../../server/src/platform/core/env';", BOUNDARY],
    ['agent/src/x.ts', "import '@web/lib/api-client';", BOUNDARY],
    ['extension/lib/x.ts', "import '../../server/src/platform/core/env';", BOUNDARY],
    ['extension/lib/x.ts', "import '@web/features/agent-bridge/bridge';", BOUNDARY],
    ['extension/lib/x.ts', "import '@shared/protocol/messages'; import './settings';", NONE],
    ['agent/src/x.ts', "import '@shared/agent/api'; import './config';", NONE],
  ],
  'a web feature does not import another feature': [
    ['web/src/features/worklist/components/x.tsx', "import '../../report-write/api/report-api';", BOUNDARY],
    ['web/src/features/worklist/x.ts', "import '../report-write/api/report-api';", BOUNDARY],
    ['web/src/features/worklist/x.ts', "import '../report-write';", BOUNDARY],
    ['web/src/features/worklist/x.ts', "import '@web/features/report-write/api/report-api';", BOUNDARY],
    ['web/src/features/worklist/x.ts', "import 'web/src/features/auth/api';", BOUNDARY],
    ['web/src/features/worklist/components/x.tsx', "import '@web/features/agent-bridge/bridge';", NONE],
    ['web/src/features/worklist/components/x.tsx', "import '../hooks/y'; import '../../worklist/lib/z';", NONE],
    ['web/src/features/worklist/components/x.tsx', "import '../../../components/list-page/y';", NONE],
    ['web/src/app/router.tsx', "import '../features/worklist/components/x';", NONE],
  ],
  'the server platform does not import modules': [
    ['server/src/platform/x.ts', "import '../modules/auth/session';", BOUNDARY],
    [
      'server/src/platform/list/x.ts',
      "import type { A } from '../../modules/auth/session'; export type B = A;",
      BOUNDARY,
    ],
    [
      'server/src/platform/db/seed/x.ts',
      "export { CONFIG_DEFAULTS } from '../../../modules/config/service';",
      BOUNDARY,
    ],
    ['server/src/platform/db/x.ts', "import 'server/src/modules/report/repo';", BOUNDARY],
    ['server/src/platform/http/x.ts', "import '../../app';", BOUNDARY],
    ['server/src/platform/x.ts', "import '../bootstrap.ts'; import '../modules/registry';", [...BOUNDARY, ...BOUNDARY]],
    ['server/src/platform/x.ts', "import '../modules';", BOUNDARY],
    ['server/src/platform/x.ts', "import './core/errors'; import './db/client';", NONE],
    [
      'server/src/platform/db/seed/x.ts',
      "import '../schema'; import '../../crypto'; import '@shared/constants';",
      NONE,
    ],
    ['server/src/modules/auth/x.ts', "import '../report'; import '../../platform/db/client';", NONE],
  ],
  'a server module imports another only through its entry': [
    ['server/src/modules/report/x.ts', "import '../auth/session';", BOUNDARY],
    ['server/src/modules/report/sub/x.ts', "import { a } from '../../auth/hooks'; a();", BOUNDARY],
    [
      'server/src/modules/report/x.ts',
      "import type { A } from 'server/src/modules/users/admin-service'; export type B = A;",
      BOUNDARY,
    ],
    ['server/src/modules/report/x.ts', "const m = () => import('../images/ingest'); m();", BOUNDARY],
    [
      'server/src/modules/report/x.ts',
      "import '../auth'; import '../auth/index'; import './lock'; import './sub/y';",
      NONE,
    ],
    ['server/src/modules/report/x.ts', "import '../../platform/hook'; import '@shared/constants';", NONE],
    ['server/src/modules/report/x.api.test.ts', "import '../auth/session';", NONE],
  ],
  'shared imports only shared': [
    ['shared/src/schemas/x.ts', "import '../../../server/src/platform/env';", BOUNDARY],
    ['shared/src/schemas/x.ts', "import '@web/lib/api-client';", BOUNDARY],
    ['shared/src/x.ts', "import '../../tests/support/fake-window';", [...BOUNDARY, ...TEST_CODE]],
    ['shared/src/schemas/x.ts', "import { z } from 'zod'; import '../constants'; import '@shared/errors'; z;", NONE],
  ],
  'production code does not import test helpers': [
    ['server/src/app.ts', "import '../../tests/support/api-platform';", TEST_CODE],
    ['server/src/modules/cert/x.ts', "import './certs.test-helpers';", TEST_CODE],
    ['extension/lib/x.ts', "import './agent.test-helpers';", TEST_CODE],
    ['web/src/lib/x.ts', "import '@web/lib/y.test';", TEST_CODE],
    ['agent/src/x.ts', "import '../../bench/lib/harness';", TEST_CODE],
    ['server/src/app.api.test.ts', "import '../../tests/support/api-platform';", NONE],
    ['server/src/modules/cert/proof.test.ts', "import './certs.test-helpers';", NONE],
    ['extension/lib/x.test-helpers.ts', "import '../../tests/fixtures/agent';", NONE],
    ['web/src/lib/x.test.ts', "import '../../../tests/support/fake-window';", NONE],
    ['bench/x.ts', "import '../tests/support/api-platform';", NONE],
    ['vitest.config.ts', "import './tests/setup/postgres';", NONE],
  ],
};

describe('import layers (eslint.config.js, lint/layers.js)', () => {
  beforeAll(async () => {
    await layerRules('web/src/lib/warm-up.ts', ''); // loads the config and parsers once
  }, 60_000);

  for (const [rule, list] of Object.entries(cases)) {
    it.each(list)(`${rule}: %s %s`, async (file, code, fires) => {
      expect(await layerRules(file, code)).toEqual(fires);
    });
  }

  it('names the import, its target and the reason', async () => {
    const [result] = await eslint.lintText("import '../../report-write/api';", {
      filePath: path.join(root, 'web/src/features/worklist/components/x.tsx'),
    });
    const msg = result?.messages.find((m) => m.ruleId === 'layers/boundaries')?.message;
    expect(msg).toContain("'../../report-write/api' (web/src/features/report-write/api)");
    expect(msg).toContain('web/src/features/worklist/');
    expect(msg).toContain('image-viewer/open-viewer excepted');
  });
});

describe('size (eslint.config.js: 300 lines a file, 120 a function, LONG_FILES 400)', () => {
  const fn = (lines: number) => `export function f() {\n${'  f.length;\n'.repeat(lines - 2)}}\n`;
  const file = (lines: number) => 'export const a = 1;\n'.repeat(lines);
  const sizeRules = async (path_: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, path_) });
    return (result?.messages ?? []).flatMap((m) => (m.ruleId?.startsWith('max-lines') ? [m.ruleId] : [])).sort();
  };

  it('warns of a long function or file in production code, not in tests', async () => {
    expect(await sizeRules('server/src/modules/report/x.ts', fn(121))).toEqual(['max-lines-per-function']);
    expect(await sizeRules('web/src/features/worklist/x.tsx', fn(120))).toEqual([]);
    expect(await sizeRules('server/src/modules/report/x.ts', file(301))).toEqual(['max-lines']);
    expect(await sizeRules('server/src/modules/report/x.test.ts', file(301) + fn(200))).toEqual([]);
  });

  it('lets a listed long file reach 400 lines, no more', async () => {
    expect(await sizeRules('server/src/modules/layout/mrrt-import.ts', file(399))).toEqual([]);
    expect(await sizeRules('server/src/modules/layout/mrrt-import.ts', file(401))).toEqual(['max-lines']);
  });
});
