export interface RateLimitOptions {
  /** Calls a key may make within one window. */
  limit: number;
  windowMs: number;
  /** Keys kept at most; the oldest windows go first beyond it (a flood of addresses cannot fill memory). */
  maxKeys?: number;
  now?: () => number;
}

export interface RateLimiter {
  /** Counts one call of the key: 0 when it may go ahead, else the seconds until its window ends. */
  take(key: string): number;
}

/**
 * A fixed window per key, kept in memory: for public calls that must not be hammered from one address
 * (patient look-up). Per process: a restart forgets the counts, which only ever lets a caller in early.
 */
export function createRateLimiter(o: RateLimitOptions): RateLimiter {
  const now = o.now ?? Date.now;
  const maxKeys = o.maxKeys ?? 10_000;
  const windows = new Map<string, { count: number; endsAt: number }>();

  const prune = (t: number) => {
    for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
    // Map keeps insertion order: the first keys are the oldest windows.
    for (const k of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(k);
    }
  };

  return {
    take(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        if (w) windows.delete(key);
        if (windows.size >= maxKeys) prune(t);
        w = { count: 0, endsAt: t + o.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > o.limit ? Math.max(1, Math.ceil((w.endsAt - t) / 1000)) : 0;
    },
  };
}
