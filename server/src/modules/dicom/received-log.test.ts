import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceivedLog, type LogRecord } from './received-log';

const KB = 1024;
const tag = Buffer.from('tag');
let dir = '';
const open_: ReceivedLog[] = [];
afterEach(async () => {
  for (const log of open_.splice(0)) await log.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function logOf(bytes: number, at = dir) {
  const log = new ReceivedLog(at, bytes);
  open_.push(log);
  return { log, left: await log.init() };
}
const fresh = async (bytes = 256 * KB) => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-log-'));
  return logOf(bytes);
};
/** A payload whose bytes say which it is. */
const payload = (n: number, size = 10 * KB) => Buffer.alloc(size, n);
async function put(log: ReceivedLog, n: number, size?: number) {
  let a = log.append(payload(n, size), tag);
  // the space of records just done comes back once the tail's write has landed
  for (let i = 0; !a && i < 200; i++) {
    await new Promise((r) => setTimeout(r, 5));
    a = log.append(payload(n, size), tag);
  }
  if (!a) throw new Error('the log stayed full');
  await a.durable;
  log.accept(a.record.seq);
  return a.record;
}
const contents = async (log: ReceivedLog, recs: LogRecord[]) =>
  Promise.all(recs.map(async (r) => (await log.read(r))[0]));

describe('the received log', () => {
  it('is created zero-filled at its size, and gives back what was written, in order', async () => {
    const { log, left } = await fresh();
    expect(left).toEqual([]);
    expect((await stat(path.join(dir, 'log'))).size).toBe(256 * KB);
    for (let n = 1; n <= 3; n++) await put(log, n);
    expect(await contents(log, log.live())).toEqual([1, 2, 3]);
  });

  it('hands the indexer only what was accepted (checked and acknowledged)', async () => {
    const { log } = await fresh();
    const a = log.append(payload(1), tag)!;
    await a.durable;
    expect(log.live()).toEqual([]);
    log.accept(a.record.seq);
    expect(log.live().map((r) => r.seq)).toEqual([a.record.seq]);
  });

  it('after a restart, reads again every record not done, and none that is', async () => {
    const { log } = await fresh();
    const recs = [];
    for (let n = 1; n <= 4; n++) recs.push(await put(log, n));
    log.done(recs[0]!.seq);
    log.done(recs[2]!.seq); // not at the tail: kept until the tail passes it
    await log.close();
    const again = await logOf(256 * KB);
    expect(await contents(again.log, again.left)).toEqual([2, 4]);
  });

  it('reuses its space round the ring once records are done, and reads across the wrap after a restart', async () => {
    const { log } = await fresh(128 * KB); // room for about eleven 10 KB records
    for (let n = 1; n <= 40; n++) {
      const rec = await put(log, n);
      if (n <= 37) log.done(rec.seq);
    }
    await log.close();
    const again = await logOf(128 * KB);
    expect(await contents(again.log, again.left)).toEqual([38, 39, 40]);
  });

  it('answers null when full (the caller writes a file instead), and takes records again once the tail moves', async () => {
    const { log } = await fresh(64 * KB);
    const recs = [];
    for (let n = 1; ; n++) {
      const a = log.append(payload(n, 8 * KB), tag);
      if (!a) break;
      await a.durable;
      recs.push(a.record);
    }
    expect(recs.length).toBeGreaterThan(2);
    expect(log.append(payload(0, 100 * KB), tag)).toBeNull(); // larger than a quarter: never in the log
    for (const r of recs) log.done(r.seq);
    for (let i = 0; i < 50 && !log.append(payload(9, 8 * KB), tag); i++) await new Promise((r) => setTimeout(r, 5));
    expect(log.live()).toEqual([]); // the new one is not accepted yet
  });

  it('stops at a record whose bytes did not all reach the disk, keeping every record before it', async () => {
    const { log } = await fresh();
    const recs = [];
    for (let n = 1; n <= 3; n++) recs.push(await put(log, n));
    await log.close();
    const fh = await open(path.join(dir, 'log'), 'r+');
    await fh.write(Buffer.of(0xee), 0, 1, recs[2]!.at + 100); // the last record torn
    await fh.close();
    const again = await logOf(256 * KB);
    expect(await contents(again.log, again.left)).toEqual([1, 2]);
    // and the next record takes the torn one's place
    await put(again.log, 4);
    await again.log.close();
    const third = await logOf(256 * KB);
    expect(await contents(third.log, third.left)).toEqual([1, 2, 4]);
  });

  it('passes over a withdrawn record at start-up, keeping the ones after it', async () => {
    const { log } = await fresh();
    await put(log, 1);
    const refused = log.append(payload(2), tag)!;
    await refused.durable;
    await put(log, 3);
    await log.withdraw(refused.record.seq);
    await log.close();
    const again = await logOf(256 * KB);
    expect(await contents(again.log, again.left)).toEqual([1, 3]);
  });

  it('makes a record durable only once every earlier one is written: acknowledgements keep their order', async () => {
    const { log } = await fresh(64 << 20);
    const order: string[] = [];
    const big = log.append(payload(1, 12 << 20), tag)!;
    const small = log.append(payload(2, 1 * KB), tag)!;
    await Promise.all([big.durable.then(() => order.push('big')), small.durable.then(() => order.push('small'))]);
    expect(order).toEqual(['big', 'small']);
  });

  it('once a write fails, answers null (files take over) and fails what waits', async () => {
    const { log } = await fresh();
    await put(log, 1);
    await log.close(); // the file handle gone under it: the next write fails
    const a = log.append(payload(2), tag)!;
    await expect(a.durable).rejects.toThrow();
    expect(log.broken).not.toBeNull();
    expect(log.append(payload(3), tag)).toBeNull();
  });

  it('with no size wanted creates no log, but still reads one an earlier run left', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rx-log-'));
    const none = await logOf(0);
    expect(none.log.append(payload(1), tag)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
    const { log } = await logOf(256 * KB);
    await put(log, 7);
    await log.close();
    const left = await logOf(0);
    expect(await contents(left.log, left.left)).toEqual([7]);
    expect(left.log.append(payload(8), tag)).toBeNull(); // drained, not written into
  });
});
