import { describe, expect, it } from 'vitest';
import { parseProcStatus } from './server-memory';

describe('parseProcStatus', () => {
  it('reads the resident set and its peak in MiB', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  409600 kB\nVmRSS:\t  204800 kB\nThreads:\t11\n';
    expect(parseProcStatus(status)).toEqual({ rss: 200, peakRss: 400 });
  });

  it('reads this very process', async () => {
    const { readFileSync } = await import('node:fs');
    const { rss } = parseProcStatus(readFileSync('/proc/self/status', 'utf8'));
    expect(rss).toBeGreaterThan(1);
  });
});
