import { readFileSync } from 'node:fs';
import { mkdir, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type InstanceLock = { held: true; release: () => Promise<void> } | { held: false; pid: number };

/** Whether `pid` is a live process running this same program (a reused pid after a reboot is not). */
async function sameProgramAlive(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  const exe = await realpath(`/proc/${pid}/exe`).catch(() => null);
  return exe === null || exe === (await realpath(process.execPath).catch(() => process.execPath));
}

/**
 * One agent per user: a pid file created exclusively in the user's own folder. A second start finds the
 * first one alive and is told its pid; a file left by a crashed agent (or a reused pid) is taken over.
 */
export async function takeInstanceLock(dir: string): Promise<InstanceLock> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'agent.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return {
        held: true,
        release: async () => {
          const owner = Number(readFileSync(file, 'utf8').trim());
          if (owner === process.pid) await unlink(file).catch(() => undefined);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (await sameProgramAlive(pid)) return { held: false, pid };
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`cannot take the instance lock ${file}`);
}
