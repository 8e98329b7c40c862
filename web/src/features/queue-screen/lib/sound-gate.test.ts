import { describe, expect, it } from 'vitest';
import { soundAllowed } from './sound-gate';

/** An AudioContext stand-in: `allowed` decides whether resume() starts it, as the browser's rule does. */
const context = (state: AudioContextState, allowed: boolean) => {
  const ctx = {
    state,
    resume: () => {
      if (allowed) ctx.state = 'running';
      // held back: the browser leaves the promise pending
      return allowed ? Promise.resolve() : new Promise<void>(() => undefined);
    },
  };
  return ctx;
};

describe('soundAllowed', () => {
  it('a running context, or one that starts when asked, may play', async () => {
    expect(await soundAllowed(context('running', false), 10)).toBe(true);
    expect(await soundAllowed(context('suspended', true), 10)).toBe(true);
  });

  it('one the browser holds back is still suspended after the wait: blocked', async () => {
    expect(await soundAllowed(context('suspended', false), 10)).toBe(false);
  });
});
