import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileImageStore } from './file-store';
import { assertKey, instanceKey, revisedKey } from './store';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'im-store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('fileImageStore', () => {
  it('puts a file under study/series/sop without replacing an existing one, gets, lists and removes it', async () => {
    const store = fileImageStore(root);
    const key = instanceKey('1.2', '1.2.3', '1.2.3.4');
    const first = Buffer.from('first');
    expect(await store.put(key, first)).toBe(true);
    first.write('FIRST');
    expect(await store.put(key, Buffer.from('second'))).toBe(false);
    expect(await readFile(path.join(root, '1.2/1.2.3/1.2.3.4.dcm'), 'utf8')).toBe('first');
    expect(await store.put(instanceKey('1.2', '1.2.3', '1.2.3.5'), Readable.from([Buffer.from('streamed')]))).toBe(
      true,
    );
    const got = await store.get(key);
    expect(got?.size).toBe(5);
    const listed = [];
    for await (const o of store.list('1.2/')) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual(['1.2/1.2.3/1.2.3.4.dcm', '1.2/1.2.3/1.2.3.5.dcm']);
    expect((await readdir(path.join(root, '1.2/1.2.3'))).sort()).toEqual(['1.2.3.4.dcm', '1.2.3.5.dcm']);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
  });

  it('refuses keys that are not UIDs (no way out of the root)', () => {
    expect(() => instanceKey('..', '1', '2')).toThrow();
    expect(() => instanceKey('1/../../etc', '1', '2')).toThrow();
  });

  it('names a rewrite under the same UIDs by a revision folder, counting up', () => {
    expect(revisedKey('1.2/1.2.3/1.2.3.4.dcm')).toBe('1.2/1.2.3/1/1.2.3.4.dcm');
    expect(revisedKey('1.2/1.2.3/1/1.2.3.4.dcm')).toBe('1.2/1.2.3/2/1.2.3.4.dcm');
    expect(revisedKey('1.2/1.2.3/9/1.2.3.4.dcm')).toBe('1.2/1.2.3/10/1.2.3.4.dcm');
    expect(() => assertKey(revisedKey('1.2/1.2.3/1.2.3.4.dcm'))).not.toThrow();
    expect(() => revisedKey('files/archive/x.pdf')).toThrow();
  });

  it("writes a put's temporary file in the staging folder, never beside the instance", async () => {
    const store = fileImageStore(root);
    const key = instanceKey('1.2', '1.2.3', '1.2.3.9');
    expect(await store.put(key, Readable.from([Buffer.from('streamed')]))).toBe(true);
    expect(await readdir(path.join(root, '1.2/1.2.3'))).toEqual(['1.2.3.9.dcm']);
    expect(await readdir(store.stagingDir)).toEqual([]);
  });
});
