import { describe, expect, it } from 'vitest';
import { untilTrue } from '../../../../tests/support/queue-screens';
import { localFanout } from './fanout';

describe('in-process fan-out (PGlite)', () => {
  it('delivers a published message to every subscriber of the channel, after publish returns', async () => {
    const f = localFanout();
    const got: unknown[] = [];
    const off = f.subscribe('queue', (m) => got.push(m));
    f.subscribe('other', () => got.push('wrong'));
    await f.publish('queue', { n: 1 });
    expect(got).toEqual([]);
    await untilTrue(() => got.length === 1);
    expect(got).toEqual([{ n: 1 }]);
    off();
    await f.publish('queue', { n: 2 });
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([{ n: 1 }]);
  });

  it('publishes in a transaction only when told the transaction committed, in order', async () => {
    const f = localFanout();
    const got: unknown[] = [];
    f.subscribe('queue', (m) => got.push(m));
    const tx = { execute: () => Promise.reject(new Error('no statement for the in-process fan-out')) };
    const committed = await f.publishInTx(tx, 'queue', [{ n: 1 }, { n: 2 }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([]);
    await committed();
    await untilTrue(() => got.length === 2);
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
