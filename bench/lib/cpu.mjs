// CPU time from /proc (Linux), in clock ticks of 10 ms: a thread's own, and all local PostgreSQL processes'.
// Plain JavaScript so the load generators (worker threads, .mjs) can import it too.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // getconf CLK_TCK is 100 on Linux

/** utime + stime (+ the reaped children's, when asked) of a /proc stat file, in ms. */
function statMs(file, children = false) {
  try {
    const f = readFileSync(file, 'utf8');
    const v = f
      .slice(f.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number); // v[n - 3] is field n of proc(5)
    return (v[11] + v[12] + (children ? v[13] + v[14] : 0)) * TICK_MS;
  } catch {
    return 0; // gone between listing and reading
  }
}

/** The calling thread's CPU time, ms. */
export const threadCpuMs = () => statMs('/proc/thread-self/stat');

function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return ''; // gone
  }
}

/**
 * CPU time of the given PostgreSQL backends (one per connection, from pg_stat_activity), ms: precise where
 * other clusters run on the same machine, which postgresCpuMs() would count too.
 */
export function backendCpuMs(pids) {
  return pids.reduce((ms, pid) => ms + statMs(`/proc/${pid}/stat`), 0);
}

/** CPU time of every process named postgres on this machine, ms (exited backends count through their parent). */
export function postgresCpuMs() {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    if (commOf(pid) === 'postgres') ms += statMs(`/proc/${pid}/stat`, true);
  }
  return ms;
}

/** The whole machine's busy and total CPU time so far (all cores), ms, from /proc/stat. */
export function machineCpuMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0); // user .. steal; guest time is inside user
  const idle = cpu[3] + cpu[4]; // idle, iowait
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}
