import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * Modules that stay files beside the program: native addons (a single executable cannot embed a .node
 * library) and pdf-to-printer, which runs the SumatraPDF.exe found next to its own code on Windows.
 */
export const NATIVE_MODULES = ['pkcs11js', 'node-hid', 'pdf-to-printer'] as const;

/**
 * A native addon is required from `<program folder>/lib/node_modules` when running as the single executable
 * (whose own `require` only knows Node's built-in modules), and from beside the bundle otherwise.
 */
const nativeBeside: Plugin = {
  name: 'native-beside',
  setup(b) {
    const filter = new RegExp(`^(${NATIVE_MODULES.join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'native' }));
    b.onLoad({ filter: /.*/, namespace: 'native' }, (args) => ({
      loader: 'js',
      contents: `
        const { createRequire } = require('node:module');
        const path = require('node:path');
        const sea = require('node:sea').isSea();
        const base = sea ? path.join(path.dirname(process.execPath), 'lib', 'agent.js') : __filename;
        module.exports = createRequire(base)(${JSON.stringify(args.path)});`,
    }));
  },
};

/** The agent and everything it imports (Hono, ws, pino, zod, the shared schemas) as one CommonJS file. */
export async function bundleAgent(outFile: string): Promise<void> {
  await build({
    entryPoints: [path.resolve('agent/src/main.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'external',
    alias: { '@shared': path.resolve('shared/src') },
    plugins: [nativeBeside],
    // ws's optional native speed-ups are not shipped: without these it tries to require them at start.
    define: { 'process.env.WS_NO_BUFFER_UTIL': '"1"', 'process.env.WS_NO_UTF_8_VALIDATE': '"1"' },
    logLevel: 'warning',
  });
}
