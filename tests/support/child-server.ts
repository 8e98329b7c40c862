import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ChildServer {
  pid: number;
  base: string;
  /** Resolves when the process ends: its exit code (null when killed by a signal) and what it wrote to stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
  kill9(): void;
  /** Its standard output after "listening" (the request log when LOG_LEVEL is info), for a caller to read. */
  stdout: NodeJS.ReadableStream;
}

/**
 * Runs the real server (server/src/main.ts) in a child process on 127.0.0.1, a free port, demo data, with
 * `env` on top. Resolves once it logs "listening"; rejects with its stderr if it ends before that.
 * `args`: node's arguments instead of the usual ones (a systemd unit's ExecStart, say); `cwd`: another
 * checkout to run (an earlier release).
 */
export function spawnServer(
  env: Record<string, string>,
  args = ['--import', 'tsx', 'server/src/main.ts'],
  cwd?: string,
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'info',
      DICOM_PORT: '0',
      DEMO_EXTRAS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /"port":(\d+)[^\n]*"msg":"listening"/.exec(out);
      if (!m) return;
      // From here on the request log is drained and dropped: a long run must not pile it up here.
      child.stdout.off('data', onData).resume();
      out = '';
      resolve({
        pid: child.pid!,
        base: `http://127.0.0.1:${m[1]}`,
        exited,
        kill9: () => child.kill('SIGKILL'),
        stdout: child.stdout,
      });
    };
    child.stdout.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
}

/** A new database on the PostgreSQL server at adminUrl; drop() removes it. */
export async function throwawayDatabase(adminUrl: string) {
  const name = `rx_crash_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
