/**
 * Queue call figures (issue 13): two server processes on one PostgreSQL (a private cluster, or
 * DATABASE_URL's server), 200 call screens connected (half to each process), 100 calls made through
 * process A one after another; for each call, the time from sending /register/callNumber to each screen's
 * receipt of the call. Prints p50/p95/p99 over every (call, screen) pair and the screens that missed a call.
 *
 *   npm run bench:queue
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Registration } from '@shared/schemas/queue';
import type { CallDeviceSaved } from '@shared/schemas/call-devices';
import { spawnServer } from '../tests/support/child-server';
import { openScreen, postAs, untilTrue, type ScreenPeer } from '../tests/support/queue-screens';
import { benchDatabase, latencyLine, signIn } from './lib/harness';

const SCREENS = 200;
const CALLS = 100;
const DEVICES = 10;
const ROOMS = ['CT1', 'CT2', 'MR1', 'DR1', 'US1'];

const db = await benchDatabase('rx_bench_queue', { fresh: true });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qs-bench-'));
const env = { DATABASE_URL: db.url, DATA_DIR: dataDir };
const a = await spawnServer(env);
const b = await spawnServer(env);
try {
  const hadmin = (await signIn(a.base, 'hadmin', 'Hadmin@123')).token;
  const desk = (await signIn(a.base, 'register', 'Register@123')).token;
  // Every device shows every room, so each call goes to all 200 screens.
  const devices: CallDeviceSaved[] = [];
  for (let d = 0; d < DEVICES; d++) {
    devices.push(
      await postAs<CallDeviceSaved>(a.base, hadmin, '/device/saveCall', {
        name: `Bench hall ${d + 1}`,
        rooms: ROOMS.map((room_name) => ({ room_name })),
      }),
    );
  }
  const screens: ScreenPeer[] = [];
  for (let i = 0; i < SCREENS; i++) {
    const dev = devices[i % DEVICES]!;
    screens.push(await openScreen(i % 2 ? b.base : a.base, dev.pk, dev.device_key!));
  }
  await untilTrue(() => screens.every((s) => s.messages.some((x) => x.m.type === 'rooms')), 30_000);

  const regs: Registration[] = [];
  for (let i = 0; i < CALLS; i++) {
    regs.push(
      await postAs<Registration>(a.base, desk, '/register/save', {
        pat_id: `BQ${i + 1}`,
        pat_name: '张三丰',
        patient_sex: 'M',
        modality: 'CT',
        call_room: ROOMS[i % ROOMS.length],
      }),
    );
  }
  const latencies: number[] = [];
  const missed = new Set<number>();
  for (const r of regs) {
    const seen = screens.map((s) => s.messages.length);
    const sent = performance.now();
    await postAs(a.base, desk, '/register/callNumber', { pk: r.pk });
    const gotIt = (s: ScreenPeer, i: number) =>
      s.messages
        .slice(seen[i])
        .find((x) => x.m.type === 'call' && x.m.call_no === r.call_no && x.m.call_room === r.call_room);
    await untilTrue(() => screens.every((s, i) => gotIt(s, i)), 2_000).catch(() => {});
    screens.forEach((s, i) => {
      const hit = gotIt(s, i);
      if (hit) latencies.push(hit.at - sent);
      else missed.add(i);
    });
  }
  const fullName = screens.filter((s) => s.messages.some((x) => x.raw.includes('张三丰'))).length;
  console.log(`bench:queue  2 processes on PostgreSQL, ${SCREENS} screens (${SCREENS / 2} on each), ${CALLS} calls`);
  console.log(latencyLine('call → screen', latencies));
  console.log(`deliveries ${latencies.length} of ${SCREENS * CALLS}; screens that missed a call: ${missed.size}`);
  console.log(`screens that received a full name: ${fullName}`);
  for (const s of screens) s.ws.close();
} finally {
  a.kill9();
  b.kill9();
  await Promise.all([a.exited, b.exited]);
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
