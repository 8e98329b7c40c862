/** At most `max` jobs at once; the rest wait in order. A waiter whose signal aborts leaves the queue. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.max) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          this.waiting.splice(this.waiting.indexOf(go), 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(go);
      });
    }
    signal?.throwIfAborted();
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
