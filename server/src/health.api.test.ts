import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Db } from './platform/db/client';
import * as schema from './platform/db/schema';
import { call } from '../../tests/support/api-client';
import { startTestPlatform } from '../../tests/support/api-platform';
import { useTestPlatform } from '../../tests/support/use-test-platform';

const t = useTestPlatform();

const login = (app: ReturnType<typeof createApp>) =>
  call(app, 'POST', '/user/login', { form: { username: 'doctor', password: 'Doctor@123', logon_type: 'PC' } });

/** A TCP relay to the database that can be cut and restored on the same port, as a database restart would. */
async function relayTo(target: URL) {
  let mode: 'forward' | 'silent' = 'forward';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'silent') return; // accepts, never answers: a hung database
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    cut,
    restore: async (next: 'forward' | 'silent' = 'forward') => {
      mode = next;
      await listen(port);
    },
  };
}

describe('/healthz and a database that goes away', () => {
  it('answers ok with the database kind while the database answers', async () => {
    const r = await call(t.p.app, 'GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', db: t.p.kind });
  });

  // Each database kind goes away in its own way: PostgreSQL through a relay that is cut, PGlite by closing it.
  if (process.env.TEST_DB === 'postgres') {
    it('PostgreSQL down, hung, back: 503 with db "down" and 503 on other routes, then recovers by itself', async () => {
      const target = new URL(t.p.deps.env.DATABASE_URL!);
      const relay = await relayTo(target);
      const via = new URL(target);
      via.port = String(relay.port);
      const pool = new pg.Pool({ connectionString: via.toString(), max: 4, connectionTimeoutMillis: 3000 });
      pool.on('error', () => {});
      const app = createApp(
        { ...t.p.deps, db: drizzle(pool, { schema }) as unknown as Db },
        { webDir: '/nonexistent' },
      );
      try {
        expect((await call(app, 'GET', '/healthz')).status).toBe(200);
        expect((await login(app)).status).toBe(200);

        await relay.cut();
        const down = await call(app, 'GET', '/healthz');
        expect(down.status).toBe(503);
        expect(down.body).toEqual({ status: 'unavailable', db: 'down' });
        const refused = await login(app);
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ success: false, code: 503, error: 'UNAVAILABLE' });

        await relay.restore('silent');
        const hung = await call(app, 'GET', '/healthz');
        expect(hung.status).toBe(503);
        expect(hung.body.db).toBe('down');

        await relay.cut();
        await relay.restore('forward');
        expect((await call(app, 'GET', '/healthz')).status).toBe(200);
        expect((await login(app)).status).toBe(200);
      } finally {
        await relay.cut().catch(() => {});
        await pool.end().catch(() => {});
      }
    });
  } else {
    it('the embedded database closed: 503 on /healthz and on a sign-in, never 500', async () => {
      const q = await startTestPlatform();
      await q.close();
      const down = await call(q.app, 'GET', '/healthz');
      expect(down.status).toBe(503);
      expect(down.body.db).toBe('down');
      const r = await login(q.app);
      expect(r.status).toBe(503);
      expect(r.body.error).toBe('UNAVAILABLE');
    });
  }
});
