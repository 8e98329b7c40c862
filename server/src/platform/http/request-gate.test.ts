import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { AppError } from '../core/errors';
import { requestGate } from './request-gate';
import { createStrain, STRAINED_WAIT_MS, type Strain } from '../strain';

/** A app whose /work requests finish only when the test lets them, behind the gate. */
function gated(concurrency: number, queue: number, maxWaitMs: number, strain?: Strain) {
  const app = new Hono<AppEnv>();
  const held: (() => void)[] = [];
  let entered = 0;
  app.use(requestGate({ concurrency, queue, maxWaitMs, exempt: (p) => p === '/free', strain }));
  app.get('/work', async (c) => {
    entered++;
    await new Promise<void>((resolve) => held.push(resolve));
    return c.text('done');
  });
  app.get('/free', (c) => c.text('free'));
  app.onError((err, c) => {
    const e = err as AppError;
    return c.json({ key: e.msgKey }, e.status);
  });
  const ask = (path = '/work') => app.request(path);
  const settle = () => new Promise((r) => setImmediate(r));
  return { ask, held, entered: () => entered, settle };
}

afterEach(() => vi.useRealTimers());

describe('request gate', () => {
  it('runs `concurrency` at once, queues `queue` more in order, refuses the next with 503 and Retry-After', async () => {
    const g = gated(2, 1, 8000);
    const first = [g.ask(), g.ask()];
    await g.settle();
    const third = g.ask();
    await g.settle();
    expect(g.entered()).toBe(2);
    const fourth = await g.ask();
    expect(fourth.status).toBe(503);
    expect(fourth.headers.get('retry-after')).toBe('8');
    expect(await fourth.json()).toEqual({ key: 'serverBusy' });
    // the free path is never held
    expect((await g.ask('/free')).status).toBe(200);
    g.held.shift()!();
    expect((await first[0]!).status).toBe(200);
    await g.settle();
    expect(g.entered()).toBe(3);
    g.held.splice(0).forEach((r) => r());
    expect([(await first[1]!).status, (await third).status]).toEqual([200, 200]);
  });

  it('refuses a request that waited maxWaitMs, and its place is not lost', async () => {
    vi.useFakeTimers();
    const g = gated(1, 5, 3000);
    const first = g.ask();
    await vi.advanceTimersByTimeAsync(0);
    const second = g.ask();
    await vi.advanceTimersByTimeAsync(2999);
    expect(g.entered()).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    const late = await second;
    expect([late.status, late.headers.get('retry-after')]).toEqual([503, '3']);
    g.held.shift()!();
    expect((await first).status).toBe(200);
    // with the slot given back, the next request runs at once
    const third = g.ask();
    await vi.advanceTimersByTimeAsync(0);
    expect(g.entered()).toBe(2);
    g.held.shift()!();
    expect((await third).status).toBe(200);
  });

  it('tells the strain record of each request turned away and each that waited over a second', async () => {
    vi.useFakeTimers();
    const strain = createStrain(() => Date.now());
    const g = gated(1, 1, 8000, strain);
    const first = g.ask();
    await vi.advanceTimersByTimeAsync(0);
    const quick = g.ask();
    expect((await g.ask()).status).toBe(503); // the queue is full
    expect(strain.lastDay()).toEqual({ shed: 1, waited: 0 });
    await vi.advanceTimersByTimeAsync(STRAINED_WAIT_MS - 10);
    g.held.shift()!();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    g.held.shift()!();
    expect((await quick).status).toBe(200); // waited under a second: no strain
    const slowFirst = g.ask();
    await vi.advanceTimersByTimeAsync(0);
    const slow = g.ask();
    await vi.advanceTimersByTimeAsync(STRAINED_WAIT_MS + 10);
    g.held.shift()!();
    await slowFirst;
    await vi.advanceTimersByTimeAsync(0);
    g.held.shift()!();
    expect((await slow).status).toBe(200);
    expect(strain.lastDay()).toEqual({ shed: 1, waited: 1 });
  });
});
