import { describe, expect, it, vi } from 'vitest';
import { AGENT_RETRY_MAX_MS, agentRetryDelay, onPageWake } from './agent-retry';

describe('agentRetryDelay', () => {
  it('doubles from 2 s to a cap of 60 s', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => agentRetryDelay(n, none))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(agentRetryDelay(0, none)).toBe(2_000);
  });

  it('shortens each delay by up to a fifth, never beyond the cap', () => {
    const most = () => 0.999_999;
    expect(agentRetryDelay(1, most)).toBe(1_600);
    expect(agentRetryDelay(9, most)).toBe(48_000);
    for (let n = 1; n < 20; n++) expect(agentRetryDelay(n)).toBeLessThanOrEqual(AGENT_RETRY_MAX_MS);
  });
});

describe('onPageWake', () => {
  class FakeDoc extends EventTarget {
    hidden = false;
  }

  it('wakes when the page is shown again or the browser goes online, until unsubscribed', () => {
    const win = new EventTarget();
    const doc = new FakeDoc();
    const wake = vi.fn();
    const off = onPageWake({ win: win as Window, doc: doc as unknown as Document }, wake);
    doc.hidden = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(wake).not.toHaveBeenCalled();
    doc.hidden = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(wake).toHaveBeenCalledTimes(2);
    off();
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(wake).toHaveBeenCalledTimes(2);
  });
});
