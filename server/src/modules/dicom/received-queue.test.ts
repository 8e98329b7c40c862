import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceivedQueue } from './received-queue';

const tag = { hospitalCode: 'H001', aet: 'CT_TEST', ip: '127.0.0.1' };
let dir = '';
const opened: ReceivedQueue[] = [];
afterEach(async () => {
  for (const q of opened.splice(0)) await q.close();
  await rm(dir, { recursive: true, force: true });
});

const SMALL = Buffer.alloc(4000, 1);
const LARGE = Buffer.alloc(40_000, 2); // over a quarter of a 64 KiB log
/** A queue with a 64 KiB log, being written one instance the log takes and one it cannot. */
async function smallAndLarge() {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-queue-'));
  const q = new ReceivedQueue(path.join(dir, '.received'), { logBytes: 64 << 10 });
  opened.push(q);
  await q.init();
  return { q, small: q.write(SMALL, tag), large: q.write(LARGE, tag) };
}

async function queueWith(n: number) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-queue-'));
  const q = new ReceivedQueue(path.join(dir, '.received'), { logBytes: 0 });
  await q.init();
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `staged-${i}.part`);
    const bytes = Buffer.alloc(1000 + i, i);
    await writeFile(file, bytes);
    await q.enqueue({ path: file, size: bytes.length }, tag);
  }
  return q;
}

describe('the received queue', () => {
  it('answers files in arrival order with their tag, at most the limit', async () => {
    const q = await queueWith(3);
    const all = await q.pending(10);
    expect(all).toHaveLength(3);
    expect(all.map((x) => x.name)).toEqual([...all.map((x) => x.name)].sort());
    expect(all[0]!.tag).toEqual(tag);
    expect(await q.pending(2)).toHaveLength(2);
  });

  it('removes a file whose size on disk is not the size in its name (a crash before it was durable)', async () => {
    const q = await queueWith(2);
    const [first] = await q.pending(10);
    await truncate(first!.path!, 500);
    const left = await q.pending(10);
    expect(left).toHaveLength(1);
    expect(left[0]!.name).not.toBe(first!.name);
    expect(await readdir(q.dir)).toHaveLength(1);
  });

  it('writes an instance held in memory into the log, or into a file when the log cannot take it', async () => {
    const { q, small, large } = await smallAndLarge();
    await Promise.all([small.durable, large.durable]);
    expect(await q.pending(10)).toEqual([]); // neither accepted yet
    small.accept();
    large.accept();
    const [a, b] = await q.pending(10);
    expect(a!.record && !a!.path).toBe(true);
    expect(b!.path && !b!.record).toBeTruthy();
    expect((await q.read(a!)).equals(SMALL)).toBe(true);
    expect((await q.read(b!)).equals(LARGE)).toBe(true);
    expect(b!.tag).toEqual(tag);
    await q.remove(a!);
    await q.remove(b!);
    expect(await q.pending(10)).toEqual([]);
    expect(await readdir(q.dir)).toEqual([]);
  });

  it('never hands out a withdrawn instance, from the log or a file', async () => {
    const { q, small, large } = await smallAndLarge();
    await small.withdraw();
    await large.withdraw();
    expect(await q.pending(10)).toEqual([]);
    expect(await readdir(q.dir)).toEqual([]);
  });
});
