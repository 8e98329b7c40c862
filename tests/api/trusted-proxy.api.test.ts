import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, throwawayDatabase, type ChildServer } from '../support/child-server';
import { startNginxProxy, type NginxProxy } from '../support/nginx-proxy';

/**
 * The real server behind Debian's nginx (TRUSTED_PROXIES=127.0.0.1). Clients are told apart by the loopback
 * address their socket is bound to (Linux routes all of 127.0.0.0/8 to lo): nginx sees 127.0.0.2 and
 * 127.0.0.3 and reports them in X-Forwarded-For, connecting upstream from 127.0.0.1 itself.
 */
const A = '127.0.0.2';
const B = '127.0.0.3';
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let dataDir = '';
let server: ChildServer | undefined;
let nginx: NginxProxy | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-proxy-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1' };
  if (kind === 'postgres') {
    const database = await throwawayDatabase(inject('pgAdminUrl'));
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  server = await spawnServer(env);
  nginx = await startNginxProxy(server.base);
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  server?.kill9();
  await server?.exited;
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Sent {
  from: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
}

/** An HTTP request from a socket bound to `from`; answers the status and the JSON body. */
function send(base: string, pathname: string, o: Sent): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(pathname, base);
  const payload = o.form ? new URLSearchParams(o.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: payload ? 'POST' : 'GET',
        localAddress: o.from,
        headers: o.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A sign-in with a wrong password for `username` (401), or 429 while the caller is in back-off. */
const failSignIn = (base: string, from: string, username: string, headers: Record<string, string> = {}) =>
  send(base, '/user/login', {
    from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    form: { username, password: 'Wrong@1234', logon_type: 'PC' },
  }).then((r) => r.status);

/** The address the server wrote in the audit row of each failed sign-in of usernames containing `name`. */
async function auditedAddresses(name: string): Promise<Map<string, string>> {
  const signIn = await send(server!.base, '/user/login', {
    from: '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    form: { username: 'admin', password: 'Admin@123', logon_type: 'PC' },
  });
  expect(signIn.status).toBe(200);
  const q = new URLSearchParams({
    pageSize: '50',
    filters: JSON.stringify({ action: 'login_failed', username: name }),
  });
  const list = await send(server!.base, `/audit/list?${q}`, {
    from: '127.0.0.1',
    headers: { authorization: `Bearer ${signIn.body.token as string}` },
  });
  const rows = (list.body.data as { list: { username: string; ip: string }[] }).list;
  return new Map(rows.map((r) => [r.username, r.ip]));
}

describe('behind a trusted reverse proxy (nginx)', () => {
  it("tells clients apart by their forwarded address: one client's back-off does not hit another", async () => {
    const proxy = nginx!.base;
    // 20 failures from one address (one try per username, so no captcha is asked for) start its back-off.
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => failSignIn(proxy, A, `ghost-a${i}`)));
    expect(tries.every((s) => s === 401)).toBe(true);
    expect(await failSignIn(proxy, A, 'ghost-a20')).toBe(429);
    expect(await failSignIn(proxy, B, 'ghost-b0')).toBe(401);
    const seen = await auditedAddresses('ghost-');
    expect(seen.size).toBe(21);
    expect(seen.get('ghost-a0')).toBe(A);
    expect(seen.get('ghost-b0')).toBe(B);
  });

  it('ignores X-Forwarded-For a client makes up, through the proxy or around it', async () => {
    const proxy = nginx!.base;
    // Through nginx: it appends the real peer, and that hop is the client (127.0.0.9 is not trusted).
    expect(await failSignIn(proxy, B, 'spoof-via-proxy', { 'x-forwarded-for': '127.0.0.9' })).toBe(401);
    // Around nginx, straight to the server: the socket's peer is no trusted proxy, its header is not read.
    expect(await failSignIn(server!.base, B, 'spoof-direct', { 'x-forwarded-for': '127.0.0.9' })).toBe(401);
    const seen = await auditedAddresses('spoof-');
    expect(seen.get('spoof-via-proxy')).toBe(B);
    expect(seen.get('spoof-direct')).toBe(B);
  });

  it('takes the OAuth issuer from the connection, not from a Host header a client chose', async () => {
    const r = await send(server!.base, '/.well-known/oauth-authorization-server', {
      from: B,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(r.status).toBe(200);
    expect(r.body.issuer).toBe(server!.base);
  });
});
