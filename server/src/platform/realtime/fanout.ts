import { EventEmitter } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from '../core/logger';

export type FanoutHandler = (msg: unknown) => void;

/** A transaction that runs a statement (a drizzle transaction on either database). */
export interface TxRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Events every server process must see (a call made on one process reaches the screens connected to
 * another). Each process delivers a message it receives to its own sockets; a publisher receives its own
 * messages through the same path, so delivery is the same wherever the event started.
 */
export interface Fanout {
  publish(channel: string, msg: unknown): Promise<void>;
  /**
   * Publishes as part of a transaction, in order: PostgreSQL sends the NOTIFYs in it (one statement), so
   * they go out at its COMMIT (and never if it rolls back) with no round trip after it. Answers what to
   * call once the transaction committed (in-process: the publishing itself; PostgreSQL: nothing).
   */
  publishInTx(tx: TxRunner, channel: string, msgs: unknown[]): Promise<() => Promise<void>>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, handler: FanoutHandler): () => void;
  /** Resolves once the process is listening (PostgreSQL: LISTEN done). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database has one process: an in-process emitter. */
export function localFanout(): Fanout {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const publish = (channel: string, msg: unknown) => {
    // Asynchronous like NOTIFY: the publisher carries on before any socket handler runs.
    setImmediate(() => bus.emit(channel, msg));
    return Promise.resolve();
  };
  return {
    publish,
    publishInTx: (_tx, channel, msgs) =>
      Promise.resolve(async () => {
        for (const m of msgs) await publish(channel, m);
      }),
    subscribe(channel, handler) {
      bus.on(channel, handler);
      return () => bus.off(channel, handler);
    },
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** NOTIFY payloads are limited to 8000 bytes; queue events are a few hundred. */
const PG_CHANNEL = 'rx_fanout';
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY on one channel (the logical channel travels in the payload). The listening
 * connection is a dedicated client (a pooled one would be handed to other queries); it reconnects when lost.
 */
export function pgFanout(url: string, log: Logger): Fanout {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', (err) => log.warn({ err: err.message }, 'fanout: sender connection lost'));
  let listener: pg.Client | null = null;
  let closed = false;
  let readyResolve: () => void = () => {};
  const readyPromise = new Promise<void>((r) => (readyResolve = r));

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      if (listener === client) listener = null;
      if (!closed) setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    client.on('notification', (n) => {
      if (n.channel !== PG_CHANNEL || !n.payload) return;
      try {
        const { c, m } = JSON.parse(n.payload) as { c: string; m: unknown };
        bus.emit(c, m);
      } catch {
        log.warn('fanout: unreadable notification');
      }
    });
    client.on('error', (err) => {
      log.warn({ err: err.message }, 'fanout: listener connection lost');
      void client.end().catch(() => {});
      retry();
    });
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
      listener = client;
      readyResolve();
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'fanout: cannot listen; retrying');
      void client.end().catch(() => {});
      retry();
    }
  };
  void connect();

  return {
    async publish(channel, msg) {
      await sender.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ c: channel, m: msg })]);
    },
    async publishInTx(tx, channel, msgs) {
      if (msgs.length) {
        const notes = msgs.map((m) => sql`pg_notify(${PG_CHANNEL}, ${JSON.stringify({ c: channel, m })})`);
        await tx.execute(sql`select ${sql.join(notes, sql`, `)}`);
      }
      return () => Promise.resolve();
    },
    subscribe(channel, handler) {
      bus.on(channel, handler);
      return () => bus.off(channel, handler);
    },
    ready: () => readyPromise,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
