import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../core/env';
import { chooseImageStore } from '../storage/choose-store';
import type { ImageStore } from '../storage/store';
import { IMAGES_LIST, MANIFEST, pgToolConnection, runTool, sha256Tap, type BackupManifest } from './backup';

export class RestoreRefused extends Error {}

/**
 * Rebuilds an installation from a backup folder, with the server stopped: the embedded database into an empty
 * DATA_DIR/pgdata, or a PostgreSQL backup into the (empty) database DATABASE_URL names; the copied images into
 * DATA_DIR/images, each checked against its SHA-256 (a mismatch stops the restore); the secret key. Refuses a
 * non-empty target rather than mixing two installations.
 */
export async function restoreBackup(dir: string, env: Env): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 'rxpacs-backup-1') throw new RestoreRefused(`${dir} is not a backup of this platform`);
  // Listed, not copied: the bucket must still hold what the database will point to.
  if (manifest.images.store === 's3') await checkListedImages(dir, chooseImageStore(env));
  if (manifest.database === 'pglite') {
    if (env.DATABASE_URL) throw new RestoreRefused('an embedded-database backup restores with DATABASE_URL unset');
    const target = path.join(env.DATA_DIR, 'pgdata');
    if (existsSync(target) && (await readdir(target)).length) throw new RestoreRefused(`${target} is not empty`);
    await cp(path.join(dir, 'pgdata'), target, { recursive: true });
  } else {
    if (!env.DATABASE_URL)
      throw new RestoreRefused('a PostgreSQL backup restores into the database DATABASE_URL names');
    const { dbname, env: toolEnv } = pgToolConnection(env.DATABASE_URL);
    await runTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', dbname, path.join(dir, 'db.pgdump')],
      toolEnv,
    );
  }
  if (manifest.images.copied) await restoreImages(dir, path.join(env.DATA_DIR, 'images'));
  if (manifest.secretKey) {
    const key = path.join(env.DATA_DIR, 'secret.key');
    if (existsSync(key)) throw new RestoreRefused(`${key} exists: it would no longer open the backup's secrets`);
    await copyFile(path.join(dir, 'secret.key'), key);
    await chmod(key, 0o600);
  }
  return manifest;
}

async function restoreImages(dir: string, root: string) {
  const lines = createInterface({ input: createReadStream(path.join(dir, IMAGES_LIST)) });
  for await (const line of lines) {
    const [digest, , key] = line.split('  ');
    if (!digest || !key || key.includes('..') || path.isAbsolute(key)) throw new RestoreRefused(`bad line: ${line}`);
    const target = path.join(root, key);
    if (existsSync(target)) throw new RestoreRefused(`${target} exists: restore into an empty DATA_DIR`);
    await mkdir(path.dirname(target), { recursive: true });
    const { tap, hex } = sha256Tap();
    await pipeline(createReadStream(path.join(dir, 'images', key)), tap, createWriteStream(target));
    if (hex() !== digest) throw new RestoreRefused(`${key}: its checksum is not the backup's`);
  }
}

/**
 * The backup's listing against the store now, both in the store's key order (a merge, in bounded memory):
 * every listed object must be there with its size and, where both have one, its checksum. Objects added
 * since are no concern. Refuses, naming the first few, before anything is restored.
 */
async function checkListedImages(dir: string, store: ImageStore) {
  const stored = store.list()[Symbol.asyncIterator]();
  let have = await stored.next();
  const problems = { missing: 0, different: 0, first: [] as string[] };
  const note = (kind: 'missing' | 'different', key: string) => {
    problems[kind]++;
    if (problems.first.length < 5) problems.first.push(`${key} (${kind})`);
  };
  for await (const line of createInterface({ input: createReadStream(path.join(dir, IMAGES_LIST)) })) {
    const [digest, size, key] = line.split('  ');
    if (!digest || !size || !key) throw new RestoreRefused(`bad line: ${line}`);
    while (!have.done && have.value.key < key) have = await stored.next();
    if (have.done || have.value.key !== key) {
      note('missing', key);
      continue;
    }
    const { size: now, checksum } = have.value;
    if (now !== Number(size) || (digest !== '-' && checksum && checksum !== digest)) note('different', key);
    have = await stored.next();
  }
  if (problems.missing || problems.different)
    throw new RestoreRefused(
      `the image store does not hold what the backup listed: ${problems.missing} missing, ${problems.different} ` +
        `changed (${problems.first.join(', ')}). Bring the bucket back to the backup's time (its versioning) first.`,
    );
}
