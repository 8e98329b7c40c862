import { EventEmitter } from 'node:events';
import type { KeyToken } from '@shared/agent/api';
import type { Logger } from '../../lib/logger';
import type { KeyStore } from './key-store';

export interface KeyWatcherEvents {
  inserted: [KeyToken];
  removed: [{ slot: string; serial: string }];
}

const identity = (k: { slot: string; serial: string }) => `${k.slot}/${k.serial}`;

/**
 * Polls the slot list every `pollMs` (PKCS#11 has no usable slot events) and emits insertions and removals.
 * `pollNow()` lets a faster signal (HID arrival) cut the wait short.
 */
export class KeyWatcher extends EventEmitter<KeyWatcherEvents> {
  private keys: KeyToken[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly store: KeyStore,
    private readonly pollMs: number,
    private readonly logger: Logger,
  ) {
    super();
  }

  get current(): KeyToken[] {
    return this.keys;
  }

  /** First poll completes before this resolves, so the first `hello` is already right. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.pollNow();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  pollNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling ??= this.poll().finally(() => {
      this.polling = null;
      if (!this.stopped) this.timer = setTimeout(() => void this.pollNow(), this.pollMs);
    });
    return this.polling;
  }

  private async poll(): Promise<void> {
    let next: KeyToken[];
    try {
      next = await this.store.list();
    } catch (e) {
      this.logger.debug({ err: (e as Error).message }, 'key poll failed');
      next = [];
    }
    if (this.stopped) return;
    const before = new Set(this.keys.map(identity));
    const after = new Set(next.map(identity));
    const removed = this.keys.filter((k) => !after.has(identity(k)));
    const inserted = next.filter((k) => !before.has(identity(k)));
    this.keys = next;
    for (const k of removed) this.emit('removed', { slot: k.slot, serial: k.serial });
    for (const k of inserted) this.emit('inserted', k);
  }
}
