import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
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

/** What browsers expect for the files a policy installs; anything else is a plain download. */
const CONTENT_TYPES: Record<string, string> = {
  '.crx': 'application/x-chrome-extension',
  '.xpi': 'application/x-xpinstall',
  '.xml': 'application/xml; charset=utf-8',
};
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/** The update manifest `npm run package:extension` writes beside the .crx; Chrome's policy points at it. */
export const UPDATES_XML = 'updates.xml';
const UPDATES_XML_MAX = 64 * 1024;
const APP = /<app[\s>]/g;
const APP_ID = /<app\s[^>]*?\bappid\s*=\s*(["'])([a-p]{32})\1/;

/**
 * The extension id of the published update manifest (its one `<app appid>`), for the policy snippets; none when
 * nothing is published, the file is a link, over 64 KiB, not a gupdate manifest, or lists other than one app.
 */
export async function publishedExtensionId(dir: string): Promise<string | undefined> {
  // A link put in the folder is not read, as it is not offered; nor does a pipe hold the request.
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(path.join(dir, UPDATES_XML), flags).catch(() => null);
  if (!handle) return undefined;
  try {
    const s = await handle.stat();
    if (!s.isFile() || s.size > UPDATES_XML_MAX) return undefined;
    const buf = Buffer.alloc(UPDATES_XML_MAX + 1);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    if (bytesRead > UPDATES_XML_MAX) return undefined;
    const xml = buf.subarray(0, bytesRead).toString('utf8');
    if (!/<gupdate[\s>]/.test(xml) || xml.match(APP)?.length !== 1) return undefined;
    return APP_ID.exec(xml)?.[2];
  } finally {
    await handle.close();
  }
}
