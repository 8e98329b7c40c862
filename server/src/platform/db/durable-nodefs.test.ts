import { fsyncSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';

/** The embedded database on disk must reach the disk at every commit, not only the OS's cache. */
let dir = '';
let db: PGlite;
const synced: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rxpacs-durable-'));
  const sync = (fd: number) => {
    synced.push(readlinkSync(`/proc/self/fd/${fd}`));
    fsyncSync(fd);
  };
  db = await PGlite.create({ fs: new DurableNodeFS(dir, sync), startParams: durableStartParams() });
  await db.exec('create table t (v text)');
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DurableNodeFS', () => {
  it('runs PostgreSQL with fsync on, flushing the WAL with fsync', async () => {
    expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
    const method = await db.query<{ wal_sync_method: string }>('show wal_sync_method');
    expect(method.rows[0]?.wal_sync_method).toBe('fsync');
  });

  it('fsyncs the WAL file at each commit', async () => {
    for (let i = 0; i < 5; i++) {
      synced.length = 0;
      await db.query('insert into t values ($1)', [`row ${i}`]);
      expect(synced.filter((f) => f.includes(`${path.sep}pg_wal${path.sep}`))).toHaveLength(1);
    }
  });

  it('fsyncs the data files at a checkpoint', async () => {
    synced.length = 0;
    await db.exec('checkpoint');
    expect(synced.some((f) => f.includes(`${path.sep}base${path.sep}`))).toBe(true);
  });
});
