import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeServerMessage } from '@shared/protocol/realtime';
import { eq } from 'drizzle-orm';
import { sysUser } from '../db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { createRealtimeHub } from './hub';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'admin'] });
let server: ReturnType<typeof serve>;
let origin: string;
let pks: Record<string, number>;

interface Peer {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<number>;
}

/** Opens a socket the way the web app does (Origin of the page, token in the first message). */
function open(url: string, headers: Record<string, string> = { origin }): Promise<Peer> {
  const ws = new WebSocket(url, { headers });
  const messages: RealtimeServerMessage[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d)) as RealtimeServerMessage));
  const closed = once(ws, 'close').then(([code]) => code as number);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}${REALTIME_PATH}`;

async function signedIn(token: string): Promise<Peer> {
  const peer = await open(wsUrl(origin));
  peer.ws.send(JSON.stringify({ type: 'auth', token }));
  await until(() => peer.messages.some((m) => m.type === 'ready'));
  return peer;
}

async function until(ok: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  t.p.deps.realtime.attach(server);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = await t.p.deps.db.select({ pk: sysUser.pk, username: sysUser.username }).from(sysUser);
  pks = Object.fromEntries(users.map((u) => [u.username, u.pk]));
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

describe('realtime socket', () => {
  it('signs in by the first message and answers ping with pong', async () => {
    const peer = await signedIn(t.token('doctor'));
    expect(t.p.deps.realtime.connections(pks.doctor!)).toBe(1);
    peer.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => peer.messages.some((m) => m.type === 'pong'));
    peer.ws.close();
    await peer.closed;
    await until(() => t.p.deps.realtime.connections(pks.doctor!) === 0);
  });

  it('closes a socket whose token is unknown, whose first message is not auth, or that signed out', async () => {
    const bad = await open(wsUrl(origin));
    bad.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
    expect(await bad.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(bad.messages).toEqual([]);

    const pingFirst = await open(wsUrl(origin));
    pingFirst.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await pingFirst.closed).toBe(REALTIME_CLOSE.unauthorized);

    const junk = await open(wsUrl(origin));
    junk.ws.send('{not json');
    expect(await junk.closed).toBe(REALTIME_CLOSE.unauthorized);

    const gone = await t.login('register');
    await t.p.app.request('/user/logout', { method: 'POST', headers: { authorization: `Bearer ${gone}` } });
    const revoked = await open(wsUrl(origin));
    revoked.ws.send(JSON.stringify({ type: 'auth', token: gone }));
    expect(await revoked.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(t.p.deps.realtime.connections(pks.register!)).toBe(0);
  });

  it('refuses the upgrade from a foreign Origin, without Origin, and on another path', async () => {
    await expect(open(wsUrl(origin), { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(open(wsUrl(origin), { origin: 'http://127.0.0.1:1' })).rejects.toThrow('HTTP 403');
    await expect(open(wsUrl(origin), {})).rejects.toThrow('HTTP 403');
    await expect(open(`${origin.replace(/^http/, 'ws')}/elsewhere`)).rejects.toThrow('HTTP 404');
  });

  it("signing out closes that session's socket, and no queue event reaches it; the user's other session stays", async () => {
    const [gone, kept] = [await t.login('register'), await t.login('register')];
    const [tab, other] = await Promise.all([signedIn(gone), signedIn(kept)]);
    expect(t.p.deps.realtime.connections(pks.register!)).toBe(2);
    await t.p.app.request('/user/logout', { method: 'POST', headers: { authorization: `Bearer ${gone}` } });
    expect(await tab.closed).toBe(REALTIME_CLOSE.signedOut);
    t.p.deps.realtime.queueChanged('H001', 'CT1');
    await until(() => other.messages.some((m) => m.type === 'queue_changed'));
    expect(tab.messages.some((m) => m.type === 'queue_changed')).toBe(false);
    expect(t.p.deps.realtime.connections(pks.register!)).toBe(1);
    other.ws.close();
  });

  it('tells every socket of that user, and only that user, that the session ended, and closes them', async () => {
    const [tab1, tab2, other] = await Promise.all([
      signedIn(t.token('doctor')),
      signedIn(t.token('doctor')),
      signedIn(t.token('auditor')),
    ]);
    expect(t.p.deps.realtime.connections(pks.doctor!)).toBe(2);
    t.p.deps.realtime.sessionsEnded(pks.doctor!, 'locked');
    expect(await tab1.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await tab2.closed).toBe(REALTIME_CLOSE.sessionEnded);
    for (const tab of [tab1, tab2]) expect(tab.messages.at(-1)).toEqual({ type: 'session_ended', reason: 'locked' });
    expect(t.p.deps.realtime.connections(pks.doctor!)).toBe(0);

    expect(other.messages).toEqual([{ type: 'ready' }]);
    other.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => other.messages.some((m) => m.type === 'pong'));
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });
});

describe('access changed', () => {
  const asAdmin = (path: string, json: unknown) => call(t.p.app, 'POST', path, { token: t.token('admin'), json });
  const doctorRow = async () => (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.pk, pks.doctor!)))[0]!;
  const saveDoctor = async (change: { hospital_code?: string; ch_name?: string }) => {
    const row = await doctorRow();
    const r = await asAdmin('/user/save', {
      pk: row.pk,
      username: row.username,
      ch_name: row.ch_name,
      hospital_code: row.hospital_code,
      role_pk: row.role_pk,
      ...change,
    });
    expect(r.status).toBe(200);
  };
  const told = (peer: Peer) => peer.messages.filter((m) => m.type === 'access_changed').length;

  it("an administrator's save of a user tells that user's tabs, and only theirs, to reload their user info", async () => {
    const [tab1, tab2, other] = await Promise.all([
      signedIn(t.token('doctor')),
      signedIn(t.token('doctor')),
      signedIn(t.token('auditor')),
    ]);
    await saveDoctor({ ch_name: '李医生' });
    await until(() => told(tab1) === 1 && told(tab2) === 1);
    // A ping after the change: its pong comes after any access_changed the other user could have got.
    other.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => other.messages.some((m) => m.type === 'pong'));
    expect(told(other)).toBe(0);
    for (const tab of [tab1, tab2, other]) expect(tab.ws.readyState).toBe(WebSocket.OPEN);
    for (const tab of [tab1, tab2, other]) tab.ws.close();
  });

  it("a change of a role's permissions tells every holder's tabs", async () => {
    const [doctor, auditor] = await Promise.all([signedIn(t.token('doctor')), signedIn(t.token('auditor'))]);
    const { role_pk } = await doctorRow();
    const keys = (await asAdmin('/role/permissions', { role_pk })).body.data as { checked: string[] };
    expect((await asAdmin('/role/savePermissions', { role_pk, keys: keys.checked })).status).toBe(200);
    await until(() => told(doctor) === 1);
    auditor.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => auditor.messages.some((m) => m.type === 'pong'));
    expect(told(auditor)).toBe(0);
    doctor.ws.close();
    auditor.ws.close();
  });

  it("a user moved to another hospital gets that hospital's queue pushes from then on, without signing in again", async () => {
    const tab = await signedIn(t.token('doctor'));
    const queueFor = (hospital: string) =>
      tab.messages.filter((m) => m.type === 'queue_changed' && m.hospital_code === hospital).length;
    const { hospital_code: home } = await doctorRow();
    const elsewhere = home === 'H001' ? 'H002' : 'H001';
    try {
      await saveDoctor({ hospital_code: elsewhere });
      await until(() => told(tab) === 1);
      t.p.deps.realtime.queueChanged(home, 'CT1');
      t.p.deps.realtime.queueChanged(elsewhere, 'CT1');
      await until(() => queueFor(elsewhere) === 1);
      expect(queueFor(home)).toBe(0);
    } finally {
      await saveDoctor({ hospital_code: home });
      tab.ws.close();
    }
  });
});

describe('realtime hub on its own server', () => {
  it('closes a socket that does not sign in within the time limit, and honours PUBLIC_ORIGIN', async () => {
    const hub = createRealtimeHub({
      db: t.p.deps.db,
      log: t.p.deps.log,
      publicOrigin: 'https://pacs.example',
      authenticate: (token) => t.p.deps.authenticate(token, REALTIME_PATH),
      authTimeoutMs: 200,
    });
    const bare = http.createServer();
    hub.attach(bare);
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    try {
      await expect(open(wsUrl(base), { origin: base })).rejects.toThrow('HTTP 403');
      const idle = await open(wsUrl(base), { origin: 'https://pacs.example' });
      expect(await idle.closed).toBe(REALTIME_CLOSE.authTimeout);
    } finally {
      await hub.close();
      await new Promise((r) => bare.close(r));
    }
  });
});
