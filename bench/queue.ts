/**
 * Queue call figures (issue 13): two server processes on one PostgreSQL (a private cluster, or
 * DATABASE_URL's server), 200 call screens connected (half to each process), 100 calls made through
 * process A one after another; for each call, the time from sending /register/callNumber to each screen's
 * receipt of the call. Prints p50/p95/p99 over every (call, screen) pair and the screens that missed a call.
 * Beside it, the anchor from the same run: with each call, at the same moment, a bare NOTIFY → WebSocket
 * relay (two processes, bench/lib/notify-ws-anchor.ts, 100 sockets each) carries one notification from the
 * bench to 200 sockets; the next call starts once both arrived everywhere.
 * Then the breakdown of a call's time from the servers' trace lines (RXPACS_BENCH_QUEUE_TRACE=1).
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
import pg from 'pg';
import { benchDatabase, latencyLine, signIn } from './lib/harness';
import {
  ANCHOR_CHANNEL,
  collectTrace,
  openAnchorPeer,
  printBreakdown,
  type CallSeen,
  type TraceLine,
} from './lib/queue-trace';

const SCREENS = 200;
const CALLS = 100;
const DEVICES = 10;
const ROOMS = ['CT1', 'CT2', 'MR1', 'DR1', 'US1'];

const db = await benchDatabase('rx_bench_queue', { fresh: true });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qs-bench-'));
const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, RXPACS_BENCH_QUEUE_TRACE: '1' };
const a = await spawnServer(env);
const b = await spawnServer(env);
const trace: TraceLine[] = [];
collectTrace(a.stdout, trace);
collectTrace(b.stdout, trace);
const relayArgs = ['--import', 'tsx', 'bench/lib/notify-ws-anchor.ts'];
const relays = [
  await spawnServer({ DATABASE_URL: db.url }, relayArgs),
  await spawnServer({ DATABASE_URL: db.url }, relayArgs),
];
const notifier = new pg.Client({ connectionString: db.url });
await notifier.connect();
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
  const peers: Awaited<ReturnType<typeof openAnchorPeer>>[] = [];
  for (let i = 0; i < SCREENS; i++) peers.push(await openAnchorPeer(relays[i % 2]!.base));

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
  const anchor: number[] = [];
  const calls: CallSeen[] = [];
  const missed = new Set<number>();
  for (const [n, r] of regs.entries()) {
    const seen = screens.map((s) => s.messages.length);
    // The anchor at the same moment, under the same load: one bare NOTIFY from here to the relays' 200 sockets.
    const payload = JSON.stringify({ anchor: n });
    const sent = performance.now();
    const notified = notifier.query('SELECT pg_notify($1, $2)', [ANCHOR_CHANNEL, payload]);
    await postAs(a.base, desk, '/register/callNumber', { pk: r.pk });
    await notified;
    const gotIt = (s: ScreenPeer, i: number) =>
      s.messages
        .slice(seen[i])
        .find((x) => x.m.type === 'call' && x.m.call_no === r.call_no && x.m.call_room === r.call_room);
    const allThere = () => screens.every((s, i) => gotIt(s, i)) && peers.every((p) => p.got.has(payload));
    await untilTrue(allThere, 2_000).catch(() => {});
    for (const p of peers) if (p.got.has(payload)) anchor.push(p.got.get(payload)! - sent);
    const thisCall: CallSeen = { key: `${r.hospital_code}|${r.call_room}|${r.call_no}`, sent, arrivals: [] };
    screens.forEach((s, i) => {
      const hit = gotIt(s, i);
      if (hit) latencies.push(hit.at - sent);
      else missed.add(i);
      if (hit) thisCall.arrivals.push({ process: i % 2 ? 'B' : 'A', at: hit.at });
    });
    calls.push(thisCall);
  }
  const fullName = screens.filter((s) => s.messages.some((x) => x.raw.includes('张三丰'))).length;
  console.log(`bench:queue  2 processes on PostgreSQL, ${SCREENS} screens (${SCREENS / 2} on each), ${CALLS} calls`);
  console.log(latencyLine('call → screen', latencies, 24));
  console.log(latencyLine('anchor NOTIFY → socket', anchor, 24));
  console.log(
    `deliveries ${latencies.length} of ${SCREENS * CALLS} (anchor ${anchor.length}); screens that missed a call: ${missed.size}`,
  );
  console.log(`screens that received a full name: ${fullName}`);
  printBreakdown(calls, trace, { A: a.pid, B: b.pid });
  for (const s of screens) s.ws.close();
  for (const p of peers) p.ws.close();
} finally {
  await notifier.end();
  for (const c of [a, b, ...relays]) c.kill9();
  await Promise.all([a.exited, b.exited, ...relays.map((r) => r.exited)]);
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
