export interface GateLimits {
  /** Ingests running at once. */
  concurrency: number;
  /** Uploads admitted beyond those (receiving their body, or waiting for a turn). */
  queue: number;
}

export interface GateTicket {
  /** Resolves at this upload's turn (first come, first served); rejects if `signal` aborts first. */
  turn(signal?: AbortSignal): Promise<void>;
  /** Gives the place (and the turn, when it had one) back; once is enough, more are ignored. */
  release(): void;
}

/**
 * Bounds the uploads being ingested: at most `concurrency` at once, at most `queue` more admitted (their
 * body arriving, or waiting); past that `admit` answers null and the caller refuses (503). The limits are
 * read at each admission, so a change of settings applies to the next upload.
 */
export function createIngestGate(limits: () => GateLimits) {
  let admitted = 0;
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    while (waiting.length && running < limits().concurrency) {
      running++;
      peak = Math.max(peak, running);
      waiting.shift()!();
    }
  };
  return {
    admit(): GateTicket | null {
      const { concurrency, queue } = limits();
      if (admitted >= concurrency + queue) return null;
      admitted++;
      let state: 'admitted' | 'waiting' | 'running' | 'released' = 'admitted';
      let wake: (() => void) | undefined;
      return {
        turn(signal) {
          if (state !== 'admitted') throw new Error('one turn per ticket');
          state = 'waiting';
          return new Promise<void>((resolve, reject) => {
            wake = () => {
              state = 'running';
              signal?.removeEventListener('abort', onAbort);
              resolve();
            };
            const onAbort = () => {
              const at = waiting.indexOf(wake!);
              if (at >= 0) waiting.splice(at, 1);
              reject(signal!.reason);
            };
            if (signal?.aborted) return onAbort();
            signal?.addEventListener('abort', onAbort, { once: true });
            waiting.push(wake);
            next();
          });
        },
        release() {
          if (state === 'released') return;
          if (state === 'running') running--;
          else if (wake) {
            const at = waiting.indexOf(wake);
            if (at >= 0) waiting.splice(at, 1);
          }
          state = 'released';
          admitted--;
          next();
        },
      };
    },
    /** Now and at most so far: what the tests and the bench read. */
    stats: () => ({ admitted, running, waiting: waiting.length, peak }),
  };
}

export type IngestGate = ReturnType<typeof createIngestGate>;
