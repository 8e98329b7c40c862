import { execFile } from 'node:child_process';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The fuse Node looks for to know a blob was injected (Node's single-executable documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * Node's single executable application: the bundle (with V8's code cache, for a faster start) is injected
 * into a copy of the Node binary with postject. `node` is the binary of the target platform.
 */
export async function buildExecutable(bundle: string, output: string, node = process.execPath): Promise<void> {
  const blob = `${output}.blob`;
  const config = `${output}.sea.json`;
  await writeFile(
    config,
    JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  try {
    await run(process.execPath, ['--experimental-sea-config', config]);
    await copyFile(node, output);
    await run(
      process.execPath,
      [path.resolve('node_modules/postject/dist/cli.js'), output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } finally {
    await rm(blob, { force: true });
    await rm(config, { force: true });
  }
}
