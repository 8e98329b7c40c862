import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../platform/context';
import { recoverPendingKeys } from './pending-keys';

/** Loose staged files are left-overs past this age even while another server uses the folder. */
const STALE_MS = 24 * 3600_000;
const OWNER = /^proc~(.+)~(\d+)~(\d+)$/;

/** A process's start time (field 22 of /proc/<pid>/stat), so a reused pid is not taken for the owner. */
function startTime(pid: number): string | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
/** The staging folder name of process `pid` on this host (exported for the tests). */
export const ownerFolderName = (pid: number) => `proc~${host}~${pid}~${startTime(pid) ?? '0'}`;
const ownName = ownerFolderName(process.pid);

/**
 * This server process's own folder in the staging folder (`proc~<host>~<pid>~<start time>`): what its requests
 * stage goes there, so a server starting on the same DATA_DIR (servers sharing one PostgreSQL may share it)
 * can tell a stopped server's left-overs from a running one's.
 */
export const ownStaging = (stagingDir: string) => path.join(stagingDir, ownName);

/** Whether the process that named a folder still runs: on this host by its pid and start time, elsewhere by its age. */
async function ownerAlive(dir: string, name: string): Promise<boolean> {
  const m = OWNER.exec(name);
  if (!m) return false;
  if (m[1] !== host) return Date.now() - ((await stat(dir).catch(() => null))?.mtimeMs ?? 0) < STALE_MS;
  return startTime(Number(m[2])) === m[3];
}

/**
 * At start-up: the folders of stopped servers go, after the bytes they put without rows are removed from the
 * store (pending keys; a list the store could not settle moves into this server's folder, for its next
 * start); loose staged files (the DICOM listener's parts, earlier versions' uploads) go too when no other
 * server is running on the folder, else only those older than a day.
 */
export async function cleanStaging(deps: Pick<AppDeps, 'db' | 'images' | 'log'>): Promise<number> {
  const { stagingDir } = deps.images;
  let removed = 0;
  let othersRunning = false;
  const loose: string[] = [];
  for (const name of await readdir(stagingDir).catch(() => [] as string[])) {
    const entry = path.join(stagingDir, name);
    if (!OWNER.test(name)) loose.push(entry);
    else if (name === ownName) continue;
    else if (await ownerAlive(entry, name)) othersRunning = true;
    else {
      const unsettled = await recoverPendingKeys(deps, entry);
      if (unsettled.length) await mkdir(ownStaging(stagingDir), { recursive: true });
      for (const list of unsettled) await rename(list, path.join(ownStaging(stagingDir), path.basename(list)));
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  for (const entry of loose) {
    const age = Date.now() - ((await stat(entry).catch(() => null))?.mtimeMs ?? 0);
    if (othersRunning && age < STALE_MS) continue;
    await rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
