import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DurableNodeFS, durableStartParams, fsyncTree } from './durable-nodefs';
import { corkWrites, type PgWire } from './pg-cork';
import * as schema from './schema';
import { assertNotNewer, newestAppliedMigration, newestKnownMigration } from './schema-version';
import { announceMigrationLocks, type MigrationLock, type MigrationQuery } from './migration-locks';
import { displayZone } from '../core/time';
import { alignStatZone } from './stat-zone';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries that may run inside or outside a transaction take this. */
export type DbOrTx = Db | Tx;
export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /** A PostgreSQL server's pool now: connections open, idle, and queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The embedded database on disk: its folder, a checkpoint, and work done while no query runs (a backup's copy). */
  embedded?: { dataDir: string; checkpoint(): Promise<void>; exclusive<T>(fn: () => Promise<T>): Promise<T> };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; 'memory://' for a throw-away database. */
  dataDir?: string;
  /** Errors of idle pooled connections (a server restart, say); without a handler they crash the process. */
  onIdleError?: (err: Error) => void;
  /**
   * Work that must follow the migrations before the database is used (base data, demo data). On PostgreSQL
   * it runs with the migrations under one advisory lock, so processes started together (systemd starts
   * every unit at once) migrate and seed one after the other, never side by side.
   */
  prepare?: (db: Db) => Promise<void>;
  /** PostgreSQL: a statement running longer is cancelled (migrations excepted); 0 or unset: no limit. PGlite has none. */
  statementTimeoutMs?: number;
  /** Told, before they run, of each lock the pending migrations will take on an existing table. */
  onMigrationLock?: (lock: MigrationLock & { migration: string; rows: number }) => void;
}

/** pg_advisory_lock key of start-up (migrations and base data): any constant the platform uses for nothing else. */
export const STARTUP_LOCK_KEY = 0x72787061; // 'rxpa'

/** Refuses a database a newer version migrated; says what the migrations about to run will lock. */
async function beforeMigrations(query: MigrationQuery, opts: OpenOptions) {
  const applied = await newestAppliedMigration(query as Parameters<typeof newestAppliedMigration>[0]);
  assertNotNewer(applied, newestKnownMigration(migrationsFolder));
  if (opts.onMigrationLock) await announceMigrationLocks(query, migrationsFolder, applied, opts.onMigrationLock);
}

/**
 * Settings of the platform's own PostgreSQL connections. Every query it runs is a page-sized OLTP
 * query, where starting parallel workers costs more than it saves (the worklist page: 6 of 9.4 ms).
 */
export const PG_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * A pool of connections as the platform makes them (settings above, each query in one write). A statement
 * running longer than `statementTimeoutMs` (0: no limit) is cancelled: a runaway query gives its connection
 * back instead of holding one of the pool's few for good.
 */
export function platformPool(url: string, max: number, statementTimeoutMs = 0): pg.Pool {
  // Dates grouped or compared in SQL (statistics by day, the queue's day) fall in the hospital's zone.
  const options = `${PG_SESSION_OPTIONS} -c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))} -c TimeZone=${displayZone()}`;
  const pool = new pg.Pool({ connectionString: url, max, options });
  pool.on('connect', (client) => corkWrites((client as unknown as { connection: PgWire }).connection));
  return pool;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = platformPool(opts.url, 10, opts.statementTimeoutMs);
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await underStartupLock(pool, async (holder) => {
        await beforeMigrations((q) => holder.query(q), opts);
        // a migration takes as long as its table needs: no statement timeout for it
        await holder.query('set statement_timeout = 0');
        await migratePg(drizzlePg(holder), { migrationsFolder });
        await alignStatZone((q) => holder.query(q), displayZone());
        await opts.prepare?.(db);
      });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  const client = dir.startsWith('memory://')
    ? await PGlite.create({ extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY] })
    : await openDurablePglite(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    // its one session, as the pool's: dates grouped in SQL fall in the hospital's zone
    await client.exec(`set time zone '${displayZone()}'`);
    await beforeMigrations((q) => client.query(q), opts);
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await alignStatZone((q) => client.query(q), displayZone());
    await opts.prepare?.(db);
  } catch (err) {
    await client.close();
    throw err;
  }
  const embedded = dir.startsWith('memory://')
    ? undefined
    : {
        dataDir: dir,
        checkpoint: async () => void (await client.exec('CHECKPOINT')),
        exclusive: <T>(fn: () => Promise<T>) => client.runExclusive(fn),
      };
  return { db, kind: 'pglite', close: () => client.close(), embedded };
}

/**
 * PGlite's PostgreSQL runs inside this process's memory: its shared buffers (PostgreSQL's default 128 MB,
 * touched page by page as tables are read) are most of what it adds to the server's RSS. 16 MB keeps the
 * server under 400 MB while it ingests (issue 11); pages not in them are read through the OS's file cache.
 */
export const PGLITE_MEMORY = ['-c', 'shared_buffers=16MB'];

/**
 * Runs `fn` holding the start-up advisory lock on a connection of its own. The lock is a session lock, so
 * the connection is closed rather than returned to the pool: whatever happens, it goes with the session.
 */
async function underStartupLock(pool: pg.Pool, fn: (holder: pg.PoolClient) => Promise<void>) {
  const holder = await pool.connect();
  try {
    await holder.query('set statement_timeout = 0');
    await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await fn(holder);
  } finally {
    holder.release(true);
  }
}

/** PGlite on disk with fsync at commit (see durable-nodefs.ts). */
async function openDurablePglite(dir: string) {
  mkdirSync(dir, { recursive: true });
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  const client = await PGlite.create({
    fs: new DurableNodeFS(dir),
    extensions: { pg_trgm },
    startParams: [...durableStartParams(), ...PGLITE_MEMORY],
  });
  if (created) {
    await client.exec('CHECKPOINT');
    fsyncTree(dir);
  }
  return client;
}
