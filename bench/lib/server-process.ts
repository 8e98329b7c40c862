import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Memory of the server process in MiB: RSS and its peak from /proc, the V8 heap before and after a full GC. */
export interface MemorySample {
  rss: number;
  peakRss: number;
  heapTotal: number;
  heapUsed: number;
  heapAfterGc: number;
  external: number;
}

const MIB = 1024 * 1024;

/** CPU time (user + system, seconds) of a process, from /proc/<pid>/stat (fields 14 and 15, 100 ticks a second). */
export function parseProcStat(text: string): number {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const cpuSeconds = (pid: number) => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** VmRSS and VmHWM of /proc/<pid>/status, in MiB. */
export function parseProcStatus(text: string): { rss: number; peakRss: number } {
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peakRss: kb('VmHWM') / 1024 };
}

interface ProbeAnswer {
  seq: number;
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
}

function readProbe(file: string): ProbeAnswer | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ProbeAnswer;
  } catch {
    return undefined;
  }
}

/** Asks the server's memory probe (bench/lib/memory-probe.mjs) for a sample and waits for its answer. */
export async function sampleServerMemory(pid: number, probeFile: string): Promise<MemorySample> {
  const proc = parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  const last = readProbe(probeFile)?.seq ?? 0;
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 20) {
    const probe = readProbe(probeFile);
    if (probe && probe.seq > last) {
      const { before, after } = probe;
      return {
        ...proc,
        heapTotal: before.heapTotal / MIB,
        heapUsed: before.heapUsed / MIB,
        heapAfterGc: after.heapUsed / MIB,
        external: after.external / MIB,
      };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server's memory probe did not answer (is ${probeFile} writable?)`);
}

const f = (x: number) => x.toFixed(1).padStart(7);

export function memoryLine(label: string, m: MemorySample): string {
  return `${label.padEnd(10)} RSS ${f(m.rss)} MiB (peak ${f(m.peakRss)})  heap ${f(m.heapUsed)} of ${f(m.heapTotal)} MiB, ${f(m.heapAfterGc)} after GC  external ${f(m.external)}`;
}

/** The Node flags `npm run serve` starts the server with (package.json), so the memory measured is the one served. */
export const SERVE_NODE_FLAGS = (
  (
    JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.serve ?? ''
)
  .split(/\s+/)
  .filter((w) => w.startsWith('--'))
  .join(' ');
