/**
 * npm run restore -- DIR: rebuilds an installation from a backup folder with the server stopped, into the empty
 * DATA_DIR (and the empty database DATABASE_URL names, for a PostgreSQL backup). Start the server afterwards.
 */
import path from 'node:path';
import { restoreBackup } from '../platform/backup/restore';
import { acquireDataDirLock } from '../platform/core/data-dir-lock';
import { loadEnv } from '../platform/core/env';

async function main() {
  const source = process.argv[2];
  if (!source) throw new Error('usage: npm run restore -- DIR (a backup folder)');
  const env = loadEnv();
  // No server may run on the folder being rebuilt.
  const lock = acquireDataDirLock(env.DATA_DIR);
  try {
    const m = await restoreBackup(path.resolve(source), env);
    console.log(`restored the backup of ${m.createdAt} (${m.database}, ${m.images.count} images) into ${env.DATA_DIR}`);
  } finally {
    lock.release();
  }
}

main().catch((err: unknown) => {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
});
