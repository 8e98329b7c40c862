import { readdir, readFile, writeFile } from 'node:fs/promises';
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

/** The npm packages whose code went into the bundle, by their folder under node_modules. */
function packagesIn(inputs: string[]): string[] {
  const found = new Set<string>();
  for (const input of inputs) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) found.add(m[1]!);
  }
  return [...found].sort();
}

/**
 * THIRD-PARTY-NOTICES.txt: the licence text of every package bundled into the program (their licences ask
 * for it to travel with the code), and of the addons shipped beside it.
 */
async function writeNotices(file: string, packages: string[]): Promise<void> {
  const parts: string[] = [];
  for (const name of packages) {
    const dir = path.resolve('node_modules', name);
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version?: string; license?: string }; // prettier-ignore
    const licence = (await readdir(dir)).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = licence ? await readFile(path.join(dir, licence), 'utf8') : `License: ${pkg.license ?? 'see package'}`;
    parts.push(`${name} ${pkg.version ?? ''}\n${'-'.repeat(72)}\n${text.trim()}\n`);
  }
  // The program is Node's binary: its licence (with those of V8, OpenSSL, ICU...) as installed, else its address.
  const installed = [path.join(path.dirname(process.execPath), '..', 'share', 'doc', 'node', 'LICENSE'), '/usr/share/doc/nodejs/LICENSE']; // prettier-ignore
  const nodeLicence = await Promise.any(installed.map((f) => readFile(f, 'utf8'))).catch(
    () => `https://github.com/nodejs/node/blob/${process.version}/LICENSE`,
  );
  const node = `Node.js ${process.version}\n${'-'.repeat(72)}\n${nodeLicence.trim()}\n`;
  await writeFile(file, `Third-party software in rxpacs-agent\n\n${[node, ...parts].join('\n')}`);
}

/**
 * The agent and everything it imports (Hono, ws, pino, zod, the shared schemas) as one CommonJS file, and
 * beside it (in `noticesFile`) the licences of what was bundled.
 */
export async function bundleAgent(outFile: string, noticesFile: string): Promise<void> {
  const result = await build({
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
    metafile: true,
  });
  const bundled = packagesIn(Object.keys(result.metafile.inputs));
  const beside = NATIVE_MODULES.filter((m) => m !== 'pdf-to-printer' || process.platform === 'win32');
  const shipped = bundled.filter((m) => m !== 'pdf-to-printer' || process.platform === 'win32');
  await writeNotices(noticesFile, [...new Set([...shipped, ...beside, 'pkg-prebuilds'])].sort());
}
