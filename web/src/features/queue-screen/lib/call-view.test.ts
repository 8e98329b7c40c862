import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallViewQueue } from './call-view';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('call view timing', () => {
  it('shows a call for scree_interval seconds, then the board again', () => {
    const shown: (string | null)[] = [];
    const q = new CallViewQueue<string>((c) => shown.push(c));
    q.push('A001', 10);
    expect(shown).toEqual(['A001']);
    vi.advanceTimersByTime(9_999);
    expect(shown).toEqual(['A001']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['A001', null]);
  });

  it('a call arriving during another waits its turn and gets its full time', () => {
    const shown: (string | null)[] = [];
    const q = new CallViewQueue<string>((c) => shown.push(c));
    q.push('A001', 10);
    vi.advanceTimersByTime(4_000);
    q.push('A002', 5);
    expect(shown).toEqual(['A001']);
    vi.advanceTimersByTime(6_000);
    expect(shown).toEqual(['A001', 'A002']);
    vi.advanceTimersByTime(4_999);
    expect(shown).toEqual(['A001', 'A002']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['A001', 'A002', null]);
  });

  it('stop drops the waiting calls and the timer', () => {
    const shown: (string | null)[] = [];
    const q = new CallViewQueue<string>((c) => shown.push(c));
    q.push('A001', 10);
    q.push('A002', 10);
    q.stop();
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual(['A001']);
  });
});
