import { describe, expect, it } from 'vitest';
import { createIngestGate } from './ingest-gate';

describe('createIngestGate', () => {
  it('runs at most `concurrency`, admits `queue` more, refuses the rest, first come first served', async () => {
    const gate = createIngestGate(() => ({ concurrency: 2, queue: 2 }));
    const tickets = [1, 2, 3, 4].map(() => gate.admit()!);
    expect(gate.admit()).toBeNull();
    const order: number[] = [];
    const turns = tickets.map((t, i) => t.turn().then(() => order.push(i)));
    await Promise.all(turns.slice(0, 2));
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2, admitted: 4 });
    tickets[1]!.release();
    await turns[2];
    expect(order).toEqual([0, 1, 2]);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 1, admitted: 3 });
    expect(gate.admit()).not.toBeNull(); // a place came free
    tickets[0]!.release();
    tickets[0]!.release(); // twice is once
    await turns[3];
    expect(gate.stats()).toMatchObject({ running: 2, admitted: 3, peak: 2 });
  });

  it('a waiting upload whose client goes away leaves the queue and gives its place back', async () => {
    const gate = createIngestGate(() => ({ concurrency: 1, queue: 1 }));
    const first = gate.admit()!;
    await first.turn();
    const second = gate.admit()!;
    const abort = new AbortController();
    const waiting = second.turn(abort.signal);
    abort.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    second.release();
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 0, admitted: 1 });
    first.release();
    const third = gate.admit()!;
    await third.turn();
    expect(gate.stats()).toMatchObject({ running: 1, admitted: 1 });
  });
});
