type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;

/**
 * The full-screen call view: each call shows for its `seconds` (the device's scree_interval when it
 * arrived), then the board comes back. A call arriving while another shows waits its turn, so the
 * waiting room sees every call for the full time.
 */
export class CallViewQueue<T> {
  private pending: { call: T; seconds: number }[] = [];
  private showing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onShow: (call: T | null) => void,
    private readonly timers: Timers = globalThis,
  ) {}

  push(call: T, seconds: number): void {
    this.pending.push({ call, seconds });
    if (!this.showing) this.showNext();
  }

  private showNext(): void {
    const next = this.pending.shift();
    this.showing = next !== undefined;
    this.onShow(next?.call ?? null);
    if (!next) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.showNext();
    }, next.seconds * 1000);
  }

  stop(): void {
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    this.showing = false;
  }
}
