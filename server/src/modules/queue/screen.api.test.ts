import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { maskName, SCREEN_CLOSE, screenSocketPath, type ScreenServerMessage } from '@shared/protocol/queue-screen';
import type { Registration } from '@shared/schemas/queue';
import type { CallDeviceRow, CallDeviceSaved } from '@shared/schemas/call-devices';
import { auditLog, callDevice } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'register', 'doctor2'] });
const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
let server: ReturnType<typeof serve>;
let base: string;
let device: CallDeviceSaved;

interface Screen {
  ws: WebSocket;
  raw: string[];
  messages: ScreenServerMessage[];
  closed: Promise<number>;
}

function openScreen(pk: number, key: string | undefined): Promise<Screen> {
  const q = key === undefined ? '' : `?key=${encodeURIComponent(key)}`;
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${screenSocketPath(pk)}${q}`);
  const raw: string[] = [];
  const messages: ScreenServerMessage[] = [];
  ws.on('message', (d) => {
    raw.push(String(d));
    messages.push(JSON.parse(String(d)) as ScreenServerMessage);
  });
  const closed = once(ws, 'close').then(([code]) => code as number);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, raw, messages, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function until(ok: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const register = async (o: Record<string, unknown>) =>
  (
    await post('register', '/register/save', {
      pat_id: `S${Math.random().toString(36).slice(2, 10)}`,
      pat_name: '欧阳娜娜',
      patient_sex: 'F',
      modality: 'CT',
      call_room: 'CT1',
      ...o,
    })
  ).body.data as Registration;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  t.p.deps.realtime.attach(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const r = await post('hadmin', '/device/saveCall', {
    name: 'Waiting hall',
    rooms: [{ room_name: 'CT1' }, { room_name: 'MR1' }],
    scree_interval: 8,
    play_times: 3,
    call_type: 3,
  });
  device = r.body.data as CallDeviceSaved;
});
afterAll(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((r) => server?.close(r));
});

describe('call devices', () => {
  it('saveCall answers pk and a key shown once; only its SHA-256 is kept and never audited', async () => {
    expect(device.device_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.p.deps.db.select().from(callDevice).where(eq(callDevice.pk, device.pk));
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.key_hash).not.toContain(device.device_key);
    const audits = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `call_device:${device.pk}`));
    expect(JSON.stringify(audits)).not.toContain(row!.key_hash);
    const one = (await post('hadmin', '/device/mechanic', { pk: device.pk })).body.data as CallDeviceRow;
    expect(one).toMatchObject({ has_key: true, settings: { scree_interval: 8, play_times: 3 } });
    expect(JSON.stringify(one)).not.toContain(device.device_key!);
    const upd = (
      await post('hadmin', '/device/saveCall', {
        pk: device.pk,
        name: 'Hall',
        scree_interval: 8,
        play_times: 3,
        rooms: [{ room_name: 'CT1' }, { room_name: 'MR1' }],
      })
    ).body.data as CallDeviceSaved;
    expect(upd.device_key).toBeUndefined();
  });

  it('enforces the ranges: new-message count 1-20, countdown 30-300, colours #rrggbb, call_type 1|2|3', async () => {
    const bad = [
      { new_message_count: 0 },
      { new_message_count: 21 },
      { countdown: 29 },
      { countdown: 301 },
      { font_color: 'red' },
      { call_type: 4 },
      { play_times: 0 },
      { scree_interval: 0 },
    ];
    for (const b of bad) {
      const r = await post('hadmin', '/device/saveCall', { name: 'x', rooms: [], ...b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect((r.body.errors as { field: string }[] | undefined)?.[0]?.field).toBe(Object.keys(b)[0]);
      const u = await post('hadmin', '/device/updatemechanic', { pk: device.pk, ...b });
      expect(u.status, JSON.stringify(b)).toBe(400);
    }
    const edge = await post('hadmin', '/device/saveCall', {
      name: 'edge',
      rooms: [],
      new_message_count: 20,
      countdown: 300,
    });
    expect(edge.status).toBe(200);
  });

  it("another hospital's device or hospital: 404 / 403", async () => {
    expect((await post('admin', '/device/mechanic', { pk: device.pk })).status).toBe(200);
    const h2 = await post('admin', '/device/saveCall', {
      name: 'H2 hall',
      hospital_code: 'H002',
      rooms: [{ room_name: 'US1' }],
    });
    const other = (h2.body.data as CallDeviceSaved).pk;
    expect((await post('hadmin', '/device/mechanic', { pk: other })).status).toBe(404);
    expect((await post('hadmin', '/device/updateCallStatus', { pk: other, status: 0 })).status).toBe(404);
    expect((await post('hadmin', '/device/saveCall', { name: 'x', hospital_code: 'H002' })).status).toBe(403);
    const list = (await post('hadmin', '/device/callList', {})).body.data as CallDeviceRow[];
    expect(list.every((d) => d.hospital_code === 'H001')).toBe(true);
    expect((await post('doctor', '/device/saveCall', { name: 'x' })).status).toBe(403);
  });
});

describe('screen socket', () => {
  it('upgrades only with the right key of an enabled device: 401, 404, 403 before the handshake', async () => {
    await expect(openScreen(device.pk, undefined)).rejects.toThrow('HTTP 401');
    await expect(openScreen(device.pk, 'wrong-key-wrong-key-wrong')).rejects.toThrow('HTTP 401');
    await expect(openScreen(999_999, device.device_key)).rejects.toThrow('HTTP 404');
    const s = await openScreen(device.pk, device.device_key);
    await until(() => s.messages.some((m) => m.type === 'rooms'));
    expect(s.messages[0]).toMatchObject({
      type: 'update_device',
      device: { pk: device.pk, hospital_code: 'H001', settings: { scree_interval: 8 } },
      rooms: [{ room_name: 'CT1' }, { room_name: 'MR1' }],
    });
    s.ws.close();
  });

  it('a call reaches every screen of the room within 200 ms with the name masked; never the full name', async () => {
    const screens = await Promise.all([1, 2, 3].map(() => openScreen(device.pk, device.device_key)));
    const a = await register({ pat_name: '欧阳娜娜', sq_doctor: '李医生' });
    const started = Date.now();
    const r = await post('doctor', '/register/callNumber', { pk: a.pk });
    expect(r.status).toBe(200);
    for (const s of screens) await until(() => s.messages.some((m) => m.type === 'call'), 200 + (Date.now() - started));
    expect(Date.now() - started).toBeLessThan(400);
    for (const s of screens) {
      const c = s.messages.find((m) => m.type === 'call')!;
      expect(c).toMatchObject({
        type: 'call',
        call_room: 'CT1',
        call_no: a.call_no,
        call_prefix: '',
        pat_name: '欧**娜',
        pat_id: a.pat_id,
        sq_doctor: '李医生',
      });
      await until(() => s.messages.filter((m) => m.type === 'rooms').length >= 2);
      expect(s.raw.join('\n')).not.toContain('欧阳娜娜');
      expect(s.raw.join('\n')).not.toContain('阳娜');
    }
    for (const s of screens) s.ws.close();
  });

  it('a room the device does not show sends nothing; the doctor on duty is pushed', async () => {
    await post('hadmin', '/device/saveCallRoom', { room_name: 'DR1' });
    const s = await openScreen(device.pk, device.device_key);
    await until(() => s.messages.some((m) => m.type === 'rooms'));
    const a = await register({ call_room: 'DR1' });
    await post('doctor', '/register/callNumber', { pk: a.pk });
    await post('doctor', '/register/doctor', { call_room: 'MR1', doctor: '王医生' });
    await until(() => s.messages.some((m) => m.type === 'doctor'));
    expect(s.messages.some((m) => m.type === 'call')).toBe(false);
    expect(s.messages.find((m) => m.type === 'doctor')).toEqual({
      type: 'doctor',
      call_room: 'MR1',
      name_current: '王医生',
    });
    s.ws.close();
  });

  it('a settings change pushes update_device; a new key closes the open screens (4409), disabling them (4403)', async () => {
    const s = await openScreen(device.pk, device.device_key);
    await until(() => s.messages.some((m) => m.type === 'rooms'));
    await post('hadmin', '/device/updatemechanic', { pk: device.pk, scree_interval: 12 });
    await until(() => s.messages.filter((m) => m.type === 'update_device').length >= 2);
    const last = s.messages.filter((m) => m.type === 'update_device').pop()!;
    expect(last).toMatchObject({ device: { settings: { scree_interval: 12, play_times: 3 } } });
    const fresh = (await post('hadmin', '/device/newCallKey', { pk: device.pk })).body.data as CallDeviceSaved;
    expect(await s.closed).toBe(SCREEN_CLOSE.replaced);
    await expect(openScreen(device.pk, device.device_key)).rejects.toThrow('HTTP 401');
    device = { pk: device.pk, device_key: fresh.device_key! };
    const s2 = await openScreen(device.pk, device.device_key);
    await post('hadmin', '/device/updateCallStatus', { pk: device.pk, status: 0 });
    expect(await s2.closed).toBe(SCREEN_CLOSE.disabled);
    await expect(openScreen(device.pk, device.device_key)).rejects.toThrow('HTTP 403');
    await post('hadmin', '/device/updateCallStatus', { pk: device.pk, status: 1 });
  });

  it("signed-in desks of the hospital get queue_changed; another hospital's do not", async () => {
    const desk = (token: string) =>
      new Promise<{ ws: WebSocket; got: string[] }>((resolve, reject) => {
        const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/realtime`, { headers: { origin: base } });
        const got: string[] = [];
        ws.on('message', (d) => {
          got.push(String(d));
          if (String(d).includes('ready')) resolve({ ws, got });
        });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
        ws.once('error', reject);
      });
    const mine = await desk(t.token('register'));
    const other = await desk(t.token('doctor2'));
    await register({});
    await until(() => mine.got.some((m) => m.includes('queue_changed')));
    await new Promise((r) => setTimeout(r, 100));
    expect(other.got.some((m) => m.includes('queue_changed'))).toBe(false);
    mine.ws.close();
    other.ws.close();
  });
});

describe('playmp3', () => {
  const get = (q: string, token?: string) =>
    t.p.app.request(`/register/playmp3?${q}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const isMp3 = (b: Uint8Array) =>
    (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

  it('answers audio/mpeg MP3 to the desk and to a device of the room; nobody else', async () => {
    const a = await register({ pat_name: '张三' });
    await post('doctor', '/register/callNumber', { pk: a.pk });
    const desk = await get(`pat_id=${a.pat_id}`, t.token('register'));
    expect(desk.status).toBe(200);
    expect(desk.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await desk.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(isMp3(bytes)).toBe(true);
    const byDevice = await get(`pat_id=${a.pat_id}&device_pk=${device.pk}&key=${device.device_key}`);
    expect(byDevice.status).toBe(200);
    expect(byDevice.headers.get('content-type')).toBe('audio/mpeg');
    expect((await get(`pat_id=${a.pat_id}`)).status).toBe(401);
    expect((await get(`pat_id=${a.pat_id}&device_pk=${device.pk}&key=wrong-key-wrong-key-wrong`)).status).toBe(401);
    expect((await get(`pat_id=${a.pat_id}`, t.token('doctor2'))).status).toBe(404);
    expect((await get(`pat_id=${a.pat_id}`, t.token('hadmin'))).status).toBe(403);
  });
});

describe('number segment prefix', () => {
  it('the board, the call message, its speech text and the recorded announcement carry the prefix', async () => {
    const seg = await post('register', '/us/number/saveOrEdit', {
      call_room: 'MR1',
      prefix: 'M',
      start_no: 301,
      end_no: 399,
    });
    expect(seg.status).toBe(200);
    const s = await openScreen(device.pk, device.device_key);
    await until(() => s.messages.some((m) => m.type === 'rooms'));
    // A name of its own, so the announcement's cache file (named by the text) is this test's.
    const name = `张${randomBytes(3).toString('hex')}`;
    const a = await register({ call_room: 'MR1', modality: 'MR', pat_name: name });
    expect(a).toMatchObject({ call_no: 301, call_prefix: 'M' });
    const mr1 = () =>
      s.messages.flatMap((m) => (m.type === 'rooms' ? m.rooms.filter((r) => r.room_name === 'MR1') : [])).pop();
    await until(() => mr1()?.waiting.some((w) => w.call_no === 301) ?? false);
    expect(mr1()!.waiting).toContainEqual({ call_no: 301, call_prefix: 'M', pat_name: maskName(name) });

    await post('doctor', '/register/callNumber', { pk: a.pk });
    await until(() => s.messages.some((m) => m.type === 'call'));
    expect(s.messages.find((m) => m.type === 'call')).toMatchObject({
      call_room: 'MR1',
      call_no: 301,
      call_prefix: 'M',
      speak_text: '请 M301 号 到 MR1 检查',
    });
    await until(() => mr1()?.current?.call_no === 301);
    expect(mr1()!.current).toMatchObject({ call_no: 301, call_prefix: 'M' });
    s.ws.close();

    // playmp3 caches the espeak-ng output under the SHA-256 of the spoken text: this text, prefix included.
    const text = `请 M301 号 ${name} 到 MR1 检查`;
    const file = path.join(
      t.p.deps.env.DATA_DIR,
      'queue-audio',
      `${createHash('sha256').update(text).digest('hex')}.mp3`,
    );
    const q = new URLSearchParams({ pat_id: a.pat_id, device_pk: String(device.pk), key: device.device_key! });
    const mp3 = await t.p.app.request(`/register/playmp3?${q}`);
    expect(mp3.status).toBe(200);
    expect((await stat(file)).size).toBe((await mp3.arrayBuffer()).byteLength);
    await rm(file, { force: true });
  });
});
