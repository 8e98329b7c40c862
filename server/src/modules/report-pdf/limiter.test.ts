import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Limiter', () => {
  it('runs at most max jobs at once, the rest in order', async () => {
    const limiter = new Limiter(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await jobs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
  });

  it('drops a waiter whose signal aborts and still frees its slot for the next', async () => {
    const limiter = new Limiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const ctrl = new AbortController();
    const abandoned = limiter.run(async () => 'never', ctrl.signal);
    const third = limiter.run(async () => 'third');
    ctrl.abort(new Error('gave up'));
    await expect(abandoned).rejects.toThrow('gave up');
    gate.resolve();
    await first;
    expect(await third).toBe('third');
  });

  it('frees the slot when a job throws', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
