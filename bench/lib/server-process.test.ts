import { describe, expect, it } from 'vitest';
import { parseProcStat, parseProcStatus } from './server-process';

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

describe('parseProcStat', () => {
  it('adds user and system time, even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (node (my server)) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 566 0 0 20 0 11 0 500 0 0';
    expect(parseProcStat(stat)).toBe(18);
  });
});
