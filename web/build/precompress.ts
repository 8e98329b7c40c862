import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type PrecompressOptions = {
  /** Files smaller than this stay as they are (compressing them saves less than the header costs). */
  minBytes?: number;
  /** File names to compress. */
  include?: RegExp;
};

// Quality 10: 2% larger than 11 at about two thirds of its time (measured on this build; see docs/decisions.md).
const BROTLI_QUALITY = 10;
const DEFAULTS = { minBytes: 1024, include: /\.(js|mjs|css|html|svg|json|txt|map)$/ };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each file of `dir` that matches and is at least `minBytes`, when
 * the compressed copy is smaller. Done once at build time, so the server sends them without compressing
 * per request. Answers the files compressed.
 */
export async function precompressDir(dir: string, opts: PrecompressOptions = {}): Promise<string[]> {
  const { minBytes, include } = { ...DEFAULTS, ...opts };
  const files = (await filesUnder(dir)).filter((f) => include.test(f));
  const done: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < minBytes) return;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
      done.push(file);
    }),
  );
  return done;
}

/** Vite plugin: precompresses the build output (brotli and gzip) once the bundle is written. */
export function precompress(opts: PrecompressOptions = {}): Plugin {
  let outDir = '';
  return {
    name: 'rxpacs:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir, opts);
    },
  };
}
