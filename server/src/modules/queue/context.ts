import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { callerOf, type Caller } from '../../platform/http/caller';
import type { Fanout, TxRunner } from '../../platform/realtime/fanout';
import { QUEUE_CHANNEL, type QueueEvent } from '../../platform/realtime/queue-events';

/** What a queue service needs: the database, who acts, the moment, and where its events go. */
export interface QueueCtx {
  db: Db;
  who: Caller;
  now: Date;
  fanout: Fanout;
}

export function queueCtx(c: Context<AppEnv>): QueueCtx {
  const { db, fanout, now } = c.var.deps;
  return { db, who: callerOf(c), now: now?.() ?? new Date(), fanout };
}

/** Events go out after the change committed (each process delivers them to its own sockets). */
export async function publishAll(ctx: Pick<QueueCtx, 'fanout'>, events: QueueEvent[]): Promise<void> {
  for (const ev of events) await ctx.fanout.publish(QUEUE_CHANNEL, ev);
}

/**
 * Events published in the transaction of the change (PostgreSQL: its COMMIT sends them, no round trip after
 * it); call the answer after the commit (the embedded database's in-process fan-out publishes then).
 */
export function publishInTx(
  ctx: Pick<QueueCtx, 'fanout'>,
  tx: TxRunner,
  events: QueueEvent[],
): Promise<() => Promise<void>> {
  return ctx.fanout.publishInTx(tx, QUEUE_CHANNEL, events);
}
