import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeInstanceLock } from './instance-lock';
import { configFile, stateDir } from './paths';

describe('where the agent reads its configuration and keeps its state', () => {
  it('reads AGENT_CONFIG, else the installed default of its platform, else the sample when run from source', () => {
    expect(configFile({ AGENT_CONFIG: '/srv/a.json' }, true)).toBe('/srv/a.json');
    expect(configFile({}, true, 'linux')).toBe('/etc/rxpacs/agent.json');
    expect(configFile({ ProgramData: 'D:\\PD' }, true, 'win32')).toBe('D:\\PD\\rxpacs\\agent.json');
    expect(configFile({}, false)).toBe(path.resolve('agent/agent.config.json'));
  });

  it("keeps each user's log and lock in their own folder", () => {
    expect(stateDir({}, 'linux', '/home/doctor')).toBe('/home/doctor/.local/state/rxpacs-agent');
    expect(stateDir({ XDG_STATE_HOME: '/s' }, 'linux', '/home/doctor')).toBe('/s/rxpacs-agent');
    expect(stateDir({ LOCALAPPDATA: 'C:\\Users\\dr\\AppData\\Local' }, 'win32')).toBe('C:\\Users\\dr\\AppData\\Local\\rxpacs\\agent'); // prettier-ignore
  });
});

describe('one agent per user', () => {
  const children: ChildProcess[] = [];
  let dir = '';
  afterEach(async () => {
    for (const c of children) c.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });
  const spawned = async (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    children.push(child);
    await new Promise((r) => child.once('spawn', r));
    return child.pid!;
  };

  it('refuses while the same program holds the lock, and takes over a lock left by a dead or different process', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rx-lock-'));
    const file = path.join(dir, 'agent.pid');
    const first = await takeInstanceLock(dir);
    expect(first.held).toBe(true);
    expect(Number(await readFile(file, 'utf8'))).toBe(process.pid);
    if (first.held) await first.release();

    const alive = await spawned(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await writeFile(file, `${alive}\n`);
    expect(await takeInstanceLock(dir)).toEqual({ held: false, pid: alive });

    const other = await spawned('sleep', ['30']); // a pid reused by another program after a reboot
    await writeFile(file, `${other}\n`);
    expect((await takeInstanceLock(dir)).held).toBe(true);

    await writeFile(file, '999999999\n'); // a crashed agent's
    const taken = await takeInstanceLock(dir);
    expect(taken.held).toBe(true);
    expect(Number(await readFile(file, 'utf8'))).toBe(process.pid);
  });
});
