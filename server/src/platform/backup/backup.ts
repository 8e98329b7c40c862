import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../core/env';
import type { Database } from '../db/client';
import type { ImageStore } from '../storage/store';

/** What a backup folder holds; `manifest.json` in it. */
export interface BackupManifest {
  format: 'rxpacs-backup-1';
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The image store's objects: copied (file store) or listed (S3, Orthanc: the store keeps them). */
  images: { store: ImageStore['kind']; copied: boolean; count: number; bytes: number };
  /** DATA_DIR/secret.key was copied (false when SECRET_KEY is set in the environment: the hospital keeps it). */
  secretKey: boolean;
}

export interface BackupSource {
  env: Env;
  images: ImageStore;
  /** Writes a consistent copy of the database into `dir` (pgdata/ or db.pgdump). */
  snapshotDatabase(dir: string): Promise<void>;
}

export const MANIFEST = 'manifest.json';
export const IMAGES_LIST = 'images.sha256';

/**
 * A backup of the three things the platform's data is, in an order that keeps them consistent while it runs:
 * the database first (a snapshot), then the image store (objects are written before the rows naming them and
 * never rewritten, so every object a backed-up row names exists by then), then the secret key that unseals
 * stored secrets. `dir` must be new or empty.
 */
export async function writeBackup(dir: string, src: BackupSource): Promise<BackupManifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  const createdAt = new Date().toISOString();
  await src.snapshotDatabase(dir);
  const images = await backupImages(dir, src.images);
  const keyFile = path.join(src.env.DATA_DIR, 'secret.key');
  const secretKey = !src.env.SECRET_KEY && existsSync(keyFile);
  if (secretKey) await copyFile(keyFile, path.join(dir, 'secret.key'));
  const manifest: BackupManifest = {
    format: 'rxpacs-backup-1',
    createdAt,
    database: src.env.DATABASE_URL ? 'postgres' : 'pglite',
    images,
    secretKey,
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * Every object: copied with its SHA-256 for a file store; listed otherwise, with its size and the checksum the
 * store lists (S3: the MD5 of an object put whole), which restore compares with the store.
 */
async function backupImages(dir: string, images: ImageStore): Promise<BackupManifest['images']> {
  const copied = images.kind === 'file';
  const list = createWriteStream(path.join(dir, IMAGES_LIST));
  let count = 0;
  let bytes = 0;
  for await (const { key, size, checksum } of images.list()) {
    let digest = checksum ?? '-';
    if (copied) {
      const found = await images.get(key);
      if (!found) continue; // removed since it was listed
      const target = path.join(dir, 'images', key);
      await mkdir(path.dirname(target), { recursive: true });
      const { tap, hex } = sha256Tap();
      await pipeline(found.body, tap, createWriteStream(target));
      digest = hex();
    }
    list.write(`${digest}  ${size}  ${key}\n`);
    count++;
    bytes += size;
  }
  await new Promise<void>((resolve, reject) => list.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { store: images.kind, copied, count, bytes };
}

/** pg_dump's custom format of the whole database (a consistent snapshot while the platform runs). */
export function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = pgToolConnection(url);
  return runTool('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', dbname], env);
}

/** The connection for a PostgreSQL tool: the password in its environment, never on its command line (ps shows that). */
export function pgToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function runTool(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.once('error', (e) => reject(new Error(`${cmd}: ${e.message} (is it installed?)`)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${err.trim()}`)),
    );
  });
}

/**
 * How this installation's database is copied: pg_dump for a PostgreSQL server; for the embedded one, a
 * checkpoint, then its folder copied while no query runs (the server's requests wait for the copy: seconds
 * per GB), which is the state a crash at that instant would leave, recovered from its WAL when started.
 */
export function databaseSnapshot(env: Env, database: Database): (dir: string) => Promise<void> {
  return async (dir) => {
    if (env.DATABASE_URL) return pgDump(env.DATABASE_URL, path.join(dir, 'db.pgdump'));
    const embedded = database.embedded;
    if (!embedded) throw new Error('an in-memory database has nothing to back up');
    await embedded.checkpoint();
    await embedded.exclusive(() =>
      cp(embedded.dataDir, path.join(dir, 'pgdata'), {
        recursive: true,
        filter: (src) => path.basename(src) !== 'postmaster.pid',
      }),
    );
  };
}

/** A pass-through stream that hashes what goes through it (SHA-256, hex once it has ended). */
export function sha256Tap() {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { tap, hex: () => hash.digest('hex') };
}
