import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenCall, ScreenRoom } from '@shared/protocol/queue-screen';
import type { Registration } from '@shared/schemas/queue';
import type { CallDeviceSaved } from '@shared/schemas/call-devices';
import type { Db } from '../../platform/db/client';
import type { ScreenHub } from '../../platform/realtime/types';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { openScreen, untilTrue, type ScreenPeer } from '../../../../tests/support/queue-screens';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { createScreenHub } from './screens';

/**
 * Issue 39: a room change costs each server process ONE query however many devices show the room, and each
 * device still gets only its own rooms, with its own count of waiting numbers. The screens here are served
 * by a second screen hub on the platform's fan-out whose database counts the queries it is asked for.
 */
const t = useTestPlatform({ users: ['admin', 'hadmin', 'register', 'doctor'] });
const post = async <T>(who: DemoUser, path: string, json: unknown) => {
  const r = await call(t.p.app, 'POST', path, { token: t.token(who), json });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
};

let server: ReturnType<typeof serve>;
let hub: ScreenHub;
let base = '';
let selects = 0;

/** The platform's database, counting the queries begun with select(). */
function countingDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target) as unknown;
      if (typeof v !== 'function') return v;
      if (prop !== 'select') return (v as (...a: unknown[]) => unknown).bind(target);
      return (...a: unknown[]) => {
        selects++;
        return (v as (...a: unknown[]) => unknown).apply(target, a);
      };
    },
  });
}

beforeAll(async () => {
  hub = createScreenHub({ db: countingDb(t.p.deps.db), log: t.p.deps.log, fanout: t.p.deps.fanout });
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await hub?.close();
  await new Promise((r) => server?.close(r));
});

const device = (who: DemoUser, o: Record<string, unknown>) => post<CallDeviceSaved>(who, '/device/saveCall', o);
const screenOf = async (d: CallDeviceSaved) => {
  const s = await openScreen(base, d.pk, d.device_key!);
  await untilTrue(() => s.messages.some((x) => x.m.type === 'rooms'));
  return s;
};
const lastRooms = (s: ScreenPeer): ScreenRoom[] =>
  s.messages.flatMap((x) => (x.m.type === 'rooms' ? [x.m.rooms] : [])).pop() ?? [];
const calls = (s: ScreenPeer) => s.messages.flatMap((x) => (x.m.type === 'call' ? [x.m as ScreenCall] : []));
const register = (pat_id: string, call_room: string) =>
  post<Registration>('register', '/register/save', {
    pat_id,
    pat_name: '欧阳娜娜',
    patient_sex: 'F',
    modality: 'CT',
    call_room,
  });

describe('call screens on one process (issue 39)', () => {
  it('a call costs one query for all the devices showing the room; each device gets its own rooms', async () => {
    const both = { rooms: [{ room_name: 'CT1' }, { room_name: 'MR1' }] };
    const a = await screenOf(await device('hadmin', { name: 'Hall A', ...both }));
    const e = await screenOf(await device('hadmin', { name: 'Hall E', ...both }));
    const b = await screenOf(
      await device('hadmin', { name: 'CT1 door', rooms: [{ room_name: 'CT1' }], new_message_count: 1 }),
    );
    // Same rooms as the door, another count: a message of its own.
    const f = await screenOf(await device('hadmin', { name: 'CT1 desk', rooms: [{ room_name: 'CT1' }] }));
    const c = await screenOf(await device('hadmin', { name: 'MR1 door', rooms: [{ room_name: 'MR1' }] }));
    const h2Device = await device('admin', { name: 'H2 hall', hospital_code: 'H002', rooms: [{ room_name: 'CT1' }] });
    const h2 = await screenOf(h2Device);
    const first = await register('FAN39A', 'CT1');
    await register('FAN39B', 'CT1');
    await register('FAN39C', 'CT1');
    await register('FAN39M', 'MR1');
    const waitingIn = (s: ScreenPeer, room: string) => lastRooms(s).find((r) => r.room_name === room)?.waiting_count;
    await untilTrue(() => [a, e, b, f].every((s) => waitingIn(s, 'CT1') === 3) && waitingIn(c, 'MR1') === 1);

    // The same bytes go to every socket: as text frames, as a browser's screen needs them.
    let binaryFrames = 0;
    for (const s of [a, b]) s.ws.on('message', (_d, isBinary) => (binaryFrames += isBinary ? 1 : 0));
    selects = 0;
    await post('doctor', '/register/callNumber', { pk: first.pk });
    const calledIn = (s: ScreenPeer) => lastRooms(s).find((r) => r.room_name === 'CT1')?.current?.call_no;
    await untilTrue(() => [a, e, b, f].every((s) => calledIn(s) === first.call_no));
    // Four devices show CT1 here: one query for the four (it was one per device).
    expect(selects).toBe(1);
    expect(binaryFrames).toBe(0);

    for (const s of [a, e, b, f]) {
      expect(calls(s)).toHaveLength(1);
      expect(calls(s)[0]).toMatchObject({ call_room: 'CT1', call_no: first.call_no, pat_name: '欧**娜' });
    }
    expect(lastRooms(a).map((r) => r.room_name)).toEqual(['CT1', 'MR1']);
    expect(lastRooms(a)[0]).toMatchObject({ waiting_count: 2, current: { pat_name: '欧**娜' } });
    expect(lastRooms(a)[0]!.waiting).toHaveLength(2);
    expect(lastRooms(a)[1]).toMatchObject({ room_name: 'MR1', waiting_count: 1 });
    expect(lastRooms(e)).toEqual(lastRooms(a));
    // The door's device shows CT1 alone, with one waiting number (its new_message_count).
    expect(lastRooms(b).map((r) => r.room_name)).toEqual(['CT1']);
    expect(lastRooms(b)[0]).toMatchObject({ waiting_count: 2 });
    expect(lastRooms(b)[0]!.waiting).toHaveLength(1);
    expect(lastRooms(f)[0]!.waiting).toHaveLength(2);

    // Events reach a process in order: once MR1's and H002's next changes arrived, CT1's would have too.
    const cBefore = c.messages.length;
    await register('FAN39N', 'MR1');
    await post('admin', '/device/updatemechanic', { pk: h2Device.pk, scree_interval: 9 });
    await untilTrue(() => waitingIn(c, 'MR1') === 2 && h2.messages.filter((x) => x.m.type === 'rooms').length >= 2);
    expect(c.messages.slice(cBefore).map((x) => x.m.type)).toEqual(['rooms']);
    expect(calls(c)).toEqual([]);
    expect(calls(h2)).toEqual([]);
    expect(lastRooms(h2)[0]).toMatchObject({ room_name: 'CT1', waiting_count: 0, current: null });
    for (const s of [a, e, b, f, c, h2]) {
      expect(s.messages.map((x) => x.raw).join('\n')).not.toContain('欧阳娜娜');
      s.ws.close();
    }
  });
});
