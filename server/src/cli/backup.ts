/**
 * npm run backup -- DIR: a consistent backup of this installation (database, image store, secret key) into the
 * new folder DIR, while the platform runs. Same environment as the server (DATA_DIR, DATABASE_URL, PORT, the
 * image store's settings). PostgreSQL: pg_dump from here. The embedded database: asked of the running server
 * that holds it (POST /ops/backup with DATA_DIR/ops.token), or opened here when no server runs.
 */
import path from 'node:path';
import { databaseSnapshot, writeBackup, type BackupManifest } from '../platform/backup/backup';
import { readOpsToken } from '../platform/backup/ops-token';
import { acquireDataDirLock, DataDirLockedError } from '../platform/core/data-dir-lock';
import { loadEnv, type Env } from '../platform/core/env';
import { openDatabase } from '../platform/db/client';
import { OPS_TOKEN_HEADER } from '../platform/http/ops-endpoint';
import { chooseImageStore } from '../platform/storage/choose-store';

async function here(env: Env, dir: string): Promise<BackupManifest> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    return await writeBackup(dir, {
      env,
      images: chooseImageStore(env),
      snapshotDatabase: databaseSnapshot(env, database),
    });
  } finally {
    await database.close();
  }
}

async function byRunningServer(env: Env, dir: string): Promise<BackupManifest> {
  const res = await fetch(`http://127.0.0.1:${env.PORT}/ops/backup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPS_TOKEN_HEADER]: readOpsToken(env.DATA_DIR) },
    body: JSON.stringify({ dir }),
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: BackupManifest };
  if (!body.success) throw new Error(`the server at port ${env.PORT} answered ${res.status}: ${body.msg}`);
  return body.data;
}

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('usage: npm run backup -- DIR (a new folder)');
  const dir = path.resolve(target);
  const env = loadEnv();
  let manifest: BackupManifest;
  if (env.DATABASE_URL) manifest = await here(env, dir);
  else {
    let lock: { release(): void } | null = null;
    try {
      lock = acquireDataDirLock(env.DATA_DIR);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
    }
    try {
      manifest = lock ? await here(env, dir) : await byRunningServer(env, dir);
    } finally {
      lock?.release();
    }
  }
  const { images } = manifest;
  console.log(
    `backup written to ${dir}: ${manifest.database} database, ${images.count} images (${images.copied ? 'copied' : 'listed'}, ${images.bytes} bytes)` +
      (manifest.secretKey ? ', secret.key' : ', no secret.key (SECRET_KEY is set: keep it with the backup)'),
  );
}

main().catch((err: unknown) => {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
});
