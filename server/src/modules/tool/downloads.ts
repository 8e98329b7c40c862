import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DownloadFile } from '@shared/schemas/downloads';

/**
 * What an installation publishes for its workstations (the agent's packages, the extension): the files IT
 * puts in DOWNLOADS_DIR, offered on the "tool download" page with their SHA-256. Names are plain file names;
 * anything else in the folder (subfolders, dot files, links) is not offered.
 */
export const DOWNLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

const digests = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

async function sha256Of(file: string, size: number, mtimeMs: number): Promise<string> {
  const known = digests.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.sha256;
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const sha256 = hash.digest('hex');
  digests.set(file, { size, mtimeMs, sha256 });
  return sha256;
}

export async function listDownloads(dir: string): Promise<DownloadFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: DownloadFile[] = [];
  for (const name of names.filter((n) => DOWNLOAD_NAME.test(n)).sort()) {
    const file = path.join(dir, name);
    const s = await lstat(file).catch(() => null); // a link is not followed: only files put here
    if (!s?.isFile()) continue;
    out.push({ name, size: s.size, sha256: await sha256Of(file, s.size, s.mtimeMs), modified: s.mtime.toISOString() });
  }
  return out;
}

/** The published file of that name, or null (a bad name, a folder, nothing there). */
export async function downloadFile(dir: string, name: string): Promise<{ file: string; size: number } | null> {
  if (!DOWNLOAD_NAME.test(name)) return null;
  const file = path.join(dir, name);
  const s = await lstat(file).catch(() => null);
  return s?.isFile() ? { file, size: s.size } : null;
}
