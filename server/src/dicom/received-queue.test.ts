import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceivedQueue } from './received-queue';

const tag = { hospitalCode: 'H001', aet: 'CT_TEST', ip: '127.0.0.1' };
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function queueWith(n: number) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-queue-'));
  const q = new ReceivedQueue(path.join(dir, '.received'));
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
    await truncate(first!.path, 500);
    const left = await q.pending(10);
    expect(left).toHaveLength(1);
    expect(left[0]!.name).not.toBe(first!.name);
    expect(await readdir(q.dir)).toHaveLength(1);
  });
});
