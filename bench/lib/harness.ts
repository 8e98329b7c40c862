import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { App } from '../../server/src/app';
import { startPgCluster } from '../../tests/setup/pg-cluster';

/**
 * A PostgreSQL database for a benchmark: on DATABASE_URL's server when set, otherwise on a private
 * cluster that `close()` stops. `fresh` drops and recreates it; otherwise an existing one is kept.
 */
export async function benchDatabase(name: string, opts: { fresh: boolean }) {
  const cluster = process.env.DATABASE_URL ? undefined : await startPgCluster();
  const adminUrl = process.env.DATABASE_URL ?? cluster!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (opts.fresh) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), close: () => cluster?.stop() };
}

/** Serves the app on 127.0.0.1 (a free port) for the load generator. */
export async function listen(app: App) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  return (await res.json()) as { token: string; user: { pk: number } };
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One line of figures: count, p50, p95, p99 and mean, in milliseconds. */
export function latencyLine(name: string, ms: number[], width = 16): string {
  const s = [...ms].sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / (ms.length || 1);
  const f = (x: number) => x.toFixed(2).padStart(8);
  return `${name.padEnd(width)} n ${String(ms.length).padStart(6)}  p50 ${f(pct(s, 50))} ms  p95 ${f(pct(s, 95))} ms  p99 ${f(pct(s, 99))} ms  mean ${f(mean)} ms`;
}

export const median = (ms: number[]) =>
  pct(
    [...ms].sort((a, b) => a - b),
    50,
  );

/** p50 and p95 of `ms` over those of `base` (the same work without the platform). */
export function ratioLine(name: string, ms: number[], base: number[], goal: number): string {
  const at = (xs: number[], p: number) =>
    pct(
      [...xs].sort((a, b) => a - b),
      p,
    );
  const r50 = at(ms, 50) / at(base, 50);
  const r95 = at(ms, 95) / at(base, 95);
  const verdict = r50 <= goal && r95 <= goal ? 'meets' : 'MISSES';
  return `${name} p50 ${r50.toFixed(2)}x  p95 ${r95.toFixed(2)}x  (goal <= ${goal}x: ${verdict})`;
}

/**
 * A JSON POST client on one keep-alive connection (node:http costs the shared CPU less than fetch, and
 * the load generator runs in the server's own process here). Rejects on an answer that is not a success.
 */
export function jsonClient(base: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  const post = (path: string, body: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      };
      const req = http.request({ agent, hostname, port, path, method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean; data: unknown };
          if (json.success) resolve(json.data);
          else reject(new Error(`${path} failed: ${JSON.stringify(json)}`));
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
