import { describe, expect, it } from 'vitest';
import { untilTrue } from '../../../../tests/support/queue-screens';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

// PostgreSQL only: the NOTIFYs of a transaction (issue 39: the queue's events go out with its commit).
const t = useTestPlatform();

describe('publishing in a transaction (PostgreSQL)', () => {
  it('goes out at the commit, in order, after what was published meanwhile; never for a rollback', async () => {
    const { db, fanout } = t.p.deps;
    const got: unknown[] = [];
    const off = fanout.subscribe('tx-test', (m) => got.push(m));
    await expect(
      db.transaction(async (tx) => {
        await fanout.publishInTx(tx, 'tx-test', [{ n: 'rolled back' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = await db.transaction(async (tx) => {
      const done = await fanout.publishInTx(tx, 'tx-test', [{ n: 1 }, { n: 2 }]);
      // Another connection's NOTIFY while this transaction is open: it commits, so it arrives first.
      await fanout.publish('tx-test', { n: 'meanwhile' });
      await untilTrue(() => got.length >= 1);
      return done;
    });
    await after();
    await untilTrue(() => got.length >= 3);
    expect(got).toEqual([{ n: 'meanwhile' }, { n: 1 }, { n: 2 }]);
    off();
  });
});
