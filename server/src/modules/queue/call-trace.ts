import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';

/**
 * bench:queue's breakdown (bench only; unset in any real setting): with RXPACS_BENCH_QUEUE_TRACE=1 the
 * process writes one JSON line per step of a call to its standard output (`{"qtrace": ...}`): when the call
 * started, committed and was published (the process that made it), when each process received it and had
 * handed it to its sockets, what a room refresh cost, and the event loop's delay since the previous line.
 * Times are milliseconds since the epoch with sub-millisecond precision, comparable between processes of one
 * machine. Nothing of it goes to a socket; without the variable every function here returns at once.
 */
const enabled = process.env.RXPACS_BENCH_QUEUE_TRACE === '1';

let delay: IntervalHistogram | undefined;

/** Now, in milliseconds since the epoch (sub-millisecond). */
export const traceClock = () => performance.timeOrigin + performance.now();

export const tracing = () => enabled;

/** The event loop's delay since the previous call (ms): mean, p99 and max; then starts over. */
function loopDelay() {
  if (!delay) {
    delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
  }
  const d = { mean: delay.mean / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  delay.reset();
  return d;
}

/** Writes one trace line (only with RXPACS_BENCH_QUEUE_TRACE=1). */
export function trace(kind: 'call' | 'deliver' | 'rooms', fields: Record<string, unknown>): void {
  if (!enabled) return;
  process.stdout.write(`${JSON.stringify({ qtrace: kind, pid: process.pid, ...fields, eld: loopDelay() })}\n`);
}

/** Starts the event loop monitor at start, so the first line measures from there. */
export function startTrace(): void {
  if (enabled) loopDelay();
}
