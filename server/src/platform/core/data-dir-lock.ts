import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

interface LockOwner {
  pid: number;
  /** The process's start time (field 22 of /proc/<pid>/stat), so a reused pid is not taken for the owner. */
  started: string | null;
}

/** Another live server holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Another RxPACS server (pid ${pid}) is using the data folder ${dir}. ` +
        'Stop it first, or give this server its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; the start time is field 22 of the line.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = startTime(owner.pid);
  return owner.started === null || now === null || now === owner.started;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

/** Writes the owner to a private file, then links it into place: the lock appears whole or not at all. */
function tryCreate(file: string): boolean {
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, started: startTime(process.pid) } satisfies LockOwner));
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Takes DATA_DIR for this process: a lock file holding its pid, created exclusively. A lock whose process
 * is gone (a killed server) is replaced; one held by a live process throws DataDirLockedError.
 */
export function acquireDataDirLock(dir: string): { release(): void } {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  const file = path.join(abs, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(file)) {
      // Only our own lock: after a takeover by another server the file is theirs.
      return { release: () => readOwner(file)?.pid === process.pid && rmSync(file, { force: true }) };
    }
    const owner = readOwner(file);
    if (owner && isAlive(owner)) throw new DataDirLockedError(abs, owner.pid);
    rmSync(file, { force: true });
  }
  const owner = readOwner(file);
  throw new DataDirLockedError(abs, owner?.pid ?? 0);
}
