import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CleanMachine {
  /** Runs a shell command as root on the machine (chrooted into it, inside its network). */
  sh: (script: string, env?: Record<string, string>) => Promise<{ stdout: string; stderr: string }>;
  /** Starts a long-running command on the machine; it is stopped with the machine. */
  start: (script: string) => ChildProcess;
  /** An HTTP request from the machine's loopback (made by this Node, as a browser on the machine would). */
  http: (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<{ status: number; body: string }>; // prettier-ignore
  /** A folder of the host seen at the same path on the machine (sockets, tokens, packages to install). */
  shared: string;
  stop: () => Promise<void>;
}

/** Programs a workstation does not have: Node.js and npm. */
const NOT_ON_THE_MACHINE = ['node', 'nodejs', 'npm', 'npx', 'corepack'];

/**
 * A clean container-like machine: this host's system as a copy-on-write overlay (so installing a package
 * changes nothing here) in a private mount namespace, with no Node.js in it, its own loopback-only network,
 * and one shared folder. Needs root (mount, chroot). The holder process ends by itself after `lifeS`.
 */
export async function startCleanMachine(lifeS = 600): Promise<CleanMachine> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'rx-machine-'));
  await chmod(base, 0o755); // the host's print filters (as nobody) write into the shared folder
  const root = path.join(base, 'root');
  const shared = path.join(base, 'shared');
  const removeNode = NOT_ON_THE_MACHINE.flatMap((n) => [`${root}/usr/bin/${n}`, `${root}/usr/local/bin/${n}`]);
  const setup = [
    'set -e',
    'ip link set lo up',
    `mkdir -p -m 755 ${root} ${shared} ${base}/rw`,
    // The overlay's writable half on a tmpfs: the host's /tmp may itself be an overlay, which cannot be an upper.
    `mount -t tmpfs -o size=2g tmpfs ${base}/rw`,
    `mkdir -p ${base}/rw/upper ${base}/rw/work`,
    `mount -t overlay overlay -o lowerdir=/,upperdir=${base}/rw/upper,workdir=${base}/rw/work ${root}`,
    `mount -t proc proc ${root}/proc`,
    `mount --rbind /dev ${root}/dev`,
    `mount -t tmpfs tmpfs ${root}/run`,
    `mount -t tmpfs tmpfs ${root}/tmp`,
    `mkdir -p ${root}${shared} && mount --bind ${shared} ${root}${shared}`,
    `rm -f ${removeNode.join(' ')}`,
    'echo "ready $$"', // this shell's pid (no pid namespace): the sleep it becomes is the namespaces' holder
    `exec sleep ${lifeS}`,
  ].join('\n');
  const holder = spawn('unshare', ['-m', '-n', '--propagation', 'private', '--fork', 'sh', '-c', setup], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  holder.stderr.on('data', (d: Buffer) => (errors += String(d)));
  const pid = await new Promise<string>((resolve, reject) => {
    holder.stdout.on('data', (d: Buffer) => {
      const ready = /ready (\d+)/.exec(String(d));
      if (ready) resolve(ready[1]!);
    });
    holder.once('exit', (code) => reject(new Error(`clean machine did not start (${code}): ${errors}`)));
  });
  const enter = ['-t', pid, '-m', '-n', 'chroot', root, '/bin/sh', '-c'];
  const started: ChildProcess[] = [];

  return {
    shared,
    sh: (script, env = {}) =>
      run('nsenter', [...enter, script], { env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', ...env } }),
    start: (script) => {
      const child = spawn('nsenter', [...enter, script], { stdio: 'ignore' });
      started.push(child);
      return child;
    },
    http: async (url, init = {}) => {
      const code = `fetch(process.env.U,JSON.parse(process.env.I)).then(async r=>console.log(JSON.stringify({status:r.status,body:await r.text()})),e=>{console.log(JSON.stringify({status:0,body:String(e.cause??e)}))})`; // prettier-ignore
      const { stdout } = await run('nsenter', ['-t', pid, '-n', process.execPath, '-e', code], {
        env: { ...process.env, U: url, I: JSON.stringify(init) },
      });
      return JSON.parse(stdout) as { status: number; body: string };
    },
    stop: async () => {
      for (const c of started) c.kill('SIGKILL');
      holder.kill('SIGKILL');
      await run('kill', ['-9', pid]).catch(() => undefined);
      await new Promise((r) => (holder.exitCode !== null || holder.signalCode ? r(null) : holder.once('exit', r)));
      await rm(base, { recursive: true, force: true });
    },
  };
}
