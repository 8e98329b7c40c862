import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accepting, freePort } from './ports';

export const NGINX = '/usr/sbin/nginx';

export interface NginxProxy {
  base: string;
  close(): Promise<void>;
}

/**
 * Debian's nginx, unprivileged, on a configuration whose main context is `main` (events, http and stream
 * blocks, whatever the caller writes), with its pid, error log and temporary paths in a temporary prefix.
 * Resolves once `port` accepts; `prefix` is the folder (for the caller's logs), removed by close().
 */
export async function runNginx(main: (prefix: string) => string, port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rxpacs-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, d));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${main(dir)}
`.replace(
      /^http \{$/m,
      `http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;`,
    ),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await accepting(port)) return { prefix: dir, close };
    await new Promise((r) => setTimeout(r, 50));
  }
  let log = '';
  try {
    log = readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    // no log written
  }
  await close().catch(() => {});
  throw new Error(`nginx did not start: ${stderr} ${log}`);
}

/**
 * Debian's nginx as the reverse proxy in front of `upstream`, on 127.0.0.1. It adds the client to
 * X-Forwarded-For as sites do.
 */
export async function startNginxProxy(upstream: string): Promise<NginxProxy> {
  const port = await freePort();
  const { close } = await runNginx(
    () => `events { worker_connections 64; }
http {
  access_log off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}`,
    port,
  );
  return { base: `http://127.0.0.1:${port}`, close };
}
