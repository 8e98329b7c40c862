/**
 * bench:queue's breakdown: reads the servers' trace lines (RXPACS_BENCH_QUEUE_TRACE=1, see
 * server/src/modules/queue/call-trace.ts) and splits each call's time into its steps, per process.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { latencyLine } from './harness';

/** The channel of the anchor's relay (notify-ws-anchor.ts). */
export const ANCHOR_CHANNEL = 'rx_bench_anchor';

/** The bench's performance.now() as milliseconds since the epoch (the servers' trace clock). */
export const epoch = (t: number) => performance.timeOrigin + t;

interface Eld {
  mean: number;
  p99: number;
  max: number;
}
export interface CallLine {
  qtrace: 'call';
  pid: number;
  key: string;
  started: number;
  /** When the NOTIFYs were answered (inside the transaction, or after it in the code before issue 39). */
  published: number;
  committed: number;
  eld: Eld;
}
export interface DeliverLine {
  qtrace: 'deliver';
  pid: number;
  key: string;
  received: number;
  sent: number;
  sockets: number;
  eld: Eld;
}
export interface RoomsLine {
  qtrace: 'rooms';
  pid: number;
  room: string;
  received: number;
  sent: number;
  sockets: number;
  queries: number;
  eld: Eld;
}
export type TraceLine = CallLine | DeliverLine | RoomsLine;

/** Collects the trace lines a child server writes to its standard output. */
export function collectTrace(stdout: NodeJS.ReadableStream, into: TraceLine[]): void {
  let rest = '';
  stdout.on('data', (b: Buffer) => {
    const lines = (rest + b.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) if (l.startsWith('{"qtrace"')) into.push(JSON.parse(l) as TraceLine);
  });
}

/** A socket of the anchor's relay, with the arrival time (performance.now()) of each payload. */
export function openAnchorPeer(base: string): Promise<{ ws: WebSocket; got: Map<string, number> }> {
  const ws = new WebSocket(base.replace(/^http/, 'ws'));
  const got = new Map<string, number>();
  ws.on('message', (d) => got.set(String(d), performance.now()));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, got }));
    ws.once('error', reject);
  });
}

/** One call as the bench saw it: when it sent the request, and when each screen (on A or B) got the call. */
export interface CallSeen {
  key: string;
  sent: number;
  arrivals: { process: 'A' | 'B'; at: number }[];
}

const line = (name: string, ms: number[]) => latencyLine(name, ms, 50);

/** Prints each step's p50/p95 over the calls, A and B apart. */
export function printBreakdown(calls: CallSeen[], trace: TraceLine[], pids: { A: number; B: number }): void {
  const callOf = new Map(trace.filter((t): t is CallLine => t.qtrace === 'call').map((t) => [t.key, t]));
  const deliver = (p: 'A' | 'B') =>
    new Map(trace.filter((t): t is DeliverLine => t.qtrace === 'deliver' && t.pid === pids[p]).map((t) => [t.key, t]));
  const del = { A: deliver('A'), B: deliver('B') };
  const steps: Record<string, number[]> = {};
  const add = (k: string, v: number | undefined) => {
    if (v !== undefined && Number.isFinite(v)) (steps[k] ??= []).push(v);
  };
  for (const c of calls) {
    const t = callOf.get(c.key);
    if (!t) continue;
    add('request sent → handler on A', t.started - epoch(c.sent));
    add('handler → committed (statements, transaction)', t.committed - t.started);
    add('handler → NOTIFYs answered', t.published - t.started);
    for (const p of ['A', 'B'] as const) {
      const d = del[p].get(c.key);
      if (!d) continue;
      add(`committed → received on ${p}`, d.received - t.committed);
      add(`received → sent to its ${d.sockets} sockets on ${p}`, d.sent - d.received);
      for (const a of c.arrivals.filter((x) => x.process === p)) {
        add(`sent on ${p} → screen's receipt`, epoch(a.at) - d.sent);
        add(`request sent → screen on ${p} (end to end)`, a.at - c.sent);
      }
      add(`event loop delay on ${p} before the call: p99`, d.eld.p99);
    }
  }
  console.log('breakdown (ms; per call, per screen for the last two of each process):');
  for (const [k, v] of Object.entries(steps)) console.log(line(`  ${k}`, v));
  for (const p of ['A', 'B'] as const) {
    const rooms = trace.filter((t): t is RoomsLine => t.qtrace === 'rooms' && t.pid === pids[p]);
    const q = rooms.reduce((n, r) => n + r.queries, 0);
    console.log(
      line(
        `  room refresh on ${p} (${q} queries for ${rooms.length} events)`,
        rooms.map((r) => r.sent - r.received),
      ),
    );
    const eld = trace.filter((t) => t.pid === pids[p]).map((t) => t.eld.max);
    console.log(line(`  event loop delay on ${p}: max per interval`, eld));
  }
}
