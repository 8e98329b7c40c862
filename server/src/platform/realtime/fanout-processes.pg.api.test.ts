import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeServerMessage } from '@shared/protocol/realtime';
import type { RolePermissions } from '@shared/schemas/admin-role';
import type { Registration } from '@shared/schemas/queue';
import type { CallDeviceSaved } from '@shared/schemas/call-devices';
import { spawnServer, throwawayDatabase, type ChildServer } from '../../../../tests/support/child-server';
import { openScreen, postAs, untilTrue } from '../../../../tests/support/queue-screens';
import { signIn } from '../../../../bench/lib/harness';

// PostgreSQL only (`*.pg.api.test.ts` runs in the api-postgres project alone): PGlite is one process's database.
/** Two server processes on one PostgreSQL: a call made on A reaches a screen connected to B (LISTEN/NOTIFY). */
describe('fan-out across server processes (PostgreSQL)', () => {
  let a: ChildServer;
  let b: ChildServer;
  let drop = async () => {};
  let dataDir = '';

  beforeAll(async () => {
    const db = await throwawayDatabase(inject('pgAdminUrl'));
    drop = db.drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'qs-fanout-'));
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);
  afterAll(async () => {
    a?.kill9();
    b?.kill9();
    await Promise.all([a?.exited, b?.exited]);
    await drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a call on process A reaches the screen on process B within 200 ms, name masked', async () => {
    const hadmin = (await signIn(a.base, 'hadmin', 'Hadmin@123')).token;
    const desk = (await signIn(a.base, 'register', 'Register@123')).token;
    const device = await postAs<CallDeviceSaved>(a.base, hadmin, '/device/saveCall', {
      name: 'Hall',
      rooms: [{ room_name: 'CT1' }],
    });
    const onB = await openScreen(b.base, device.pk, device.device_key!);
    const onA = await openScreen(a.base, device.pk, device.device_key!);
    await untilTrue(() => onB.messages.some((x) => x.m.type === 'rooms'));
    const r = await postAs<Registration>(a.base, desk, '/register/save', {
      pat_id: 'FAN1',
      pat_name: '张三丰',
      patient_sex: 'M',
      modality: 'CT',
      call_room: 'CT1',
    });
    const sent = performance.now();
    await postAs(a.base, desk, '/register/callNumber', { pk: r.pk });
    await untilTrue(() => [onA, onB].every((s) => s.messages.some((x) => x.m.type === 'call')));
    for (const s of [onA, onB]) {
      const c = s.messages.find((x) => x.m.type === 'call')!;
      expect(c.m).toMatchObject({ type: 'call', call_room: 'CT1', call_no: r.call_no, pat_name: '张*丰' });
      expect(c.at - sent).toBeLessThan(200);
      expect(s.messages.map((x) => x.raw).join('')).not.toContain('张三丰');
    }
    // A settings change made on A reaches B's screen too.
    await postAs(a.base, hadmin, '/device/updatemechanic', { pk: device.pk, scree_interval: 20 });
    await untilTrue(() =>
      onB.messages.some((x) => x.m.type === 'update_device' && x.m.device.settings.scree_interval === 20),
    );
    onA.ws.close();
    onB.ws.close();
  }, 60_000);

  /** A signed-in tab's realtime socket on `base`. */
  async function tabOn(base: string, token: string) {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers: { origin: base } });
    const got: RealtimeServerMessage[] = [];
    ws.on('message', (d) => got.push(JSON.parse(String(d)) as RealtimeServerMessage));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await untilTrue(() => got.some((m) => m.type === 'ready'));
    return { ws, got, closed };
  }

  it("a role's permissions changed on process A: its holder's tab on process B is told", async () => {
    const admin = (await signIn(a.base, 'admin', 'Admin@123')).token;
    const { ws, got } = await tabOn(b.base, (await signIn(b.base, 'doctor', 'Doctor@123')).token);
    const REPORT_DOCTOR = 2;
    const now = await postAs<RolePermissions>(a.base, admin, '/role/permissions', { role_pk: REPORT_DOCTOR });
    await postAs(a.base, admin, '/role/savePermissions', { role_pk: REPORT_DOCTOR, keys: now.checked });
    await untilTrue(() => got.some((m) => m.type === 'access_changed'));
    ws.close();
  }, 60_000);

  it('a user locked on process A: their tab on process B is signed out with the reason', async () => {
    const admin = (await signIn(a.base, 'admin', 'Admin@123')).token;
    const token = (await signIn(b.base, 'doctor2', 'Doctor@123')).token;
    const { pk } = (await postAs<{ user: { pk: number } }>(b.base, token, '/user/info', {})).user;
    const tab = await tabOn(b.base, token);
    await postAs(a.base, admin, '/user/lock', { pk, lock: true });
    expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(tab.got.at(-1)).toEqual({ type: 'session_ended', reason: 'locked' });
  }, 60_000);
});
