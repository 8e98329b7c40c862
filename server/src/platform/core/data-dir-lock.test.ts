import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

let dir = '';
let other: ChildProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rxpacs-lock-'));
});
afterEach(() => {
  other?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, LOCK_FILE);
const owner = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; started: string | null };
const livePid = () => {
  other = spawn('sleep', ['30']);
  return other.pid!;
};

describe('acquireDataDirLock', () => {
  it('writes this process into the lock and removes it on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(owner().pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('leaves a lock that another server has taken over', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lockFile(), JSON.stringify({ pid: livePid(), started: null }));
    lock.release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('refuses a folder held by a live process, naming the folder and its pid', () => {
    const pid = livePid();
    writeFileSync(lockFile(), JSON.stringify({ pid, started: null }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${pid}`);
    expect(() => acquireDataDirLock(dir)).toThrow(path.resolve(dir));
  });

  it('takes over the lock of a process that is gone', () => {
    const gone = spawn('true');
    const pid = gone.pid!;
    return new Promise<void>((resolve) =>
      gone.once('exit', () => {
        writeFileSync(lockFile(), JSON.stringify({ pid, started: null }));
        acquireDataDirLock(dir);
        expect(owner().pid).toBe(process.pid);
        resolve();
      }),
    );
  });

  it('takes over a lock whose pid now belongs to a process started later', () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: livePid(), started: '1' }));
    acquireDataDirLock(dir);
    expect(owner().pid).toBe(process.pid);
  });

  it('takes over an unreadable lock', () => {
    writeFileSync(lockFile(), 'not json');
    acquireDataDirLock(dir);
    expect(owner().pid).toBe(process.pid);
  });
});
