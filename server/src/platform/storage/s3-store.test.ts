import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../../../tests/support/local-s3';
import { s3ImageStore } from './s3-store';
import { instanceKey, type ImageStore } from './store';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let store: ImageStore;
beforeAll(async () => {
  s3 = await startLocalS3();
  store = s3ImageStore({
    bucket: s3.bucket,
    prefix: s3.env.S3_PREFIX,
    endpoint: s3.env.S3_ENDPOINT,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    stagingDir: '/nonexistent',
  });
});
afterAll(async () => {
  await s3?.close();
});

describe('s3ImageStore against a local S3 server', () => {
  it('puts without replacing, gets, lists under the prefix and removes', async () => {
    const key = instanceKey('1.2', '1.2.3', '1.2.3.4');
    expect(await store.put(key, Buffer.from('first'))).toBe(true);
    expect(await store.put(key, Buffer.from('second'))).toBe(false);
    expect(await store.put(instanceKey('1.2', '1.2.3', '1.2.3.5'), Readable.from([Buffer.from('streamed')]))).toBe(
      true,
    );
    const got = await store.get(key);
    expect(got?.size).toBe(5);
    expect(Buffer.concat(await got!.body.toArray()).toString()).toBe('first');
    const listed = [];
    for await (const o of store.list('1.2/')) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual(['1.2/1.2.3/1.2.3.4.dcm', '1.2/1.2.3/1.2.3.5.dcm']);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
  });

  it('two puts of one key at the same moment: exactly one created it, and the first bytes stay', async () => {
    const key = instanceKey('1.3', '1.3.1', '1.3.1.1');
    const results = await Promise.all([store.put(key, Buffer.from('one')), store.put(key, Buffer.from('two'))]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const got = await store.get(key);
    expect(Buffer.concat(await got!.body.toArray()).toString()).toBe('one');
    await store.remove(key);
  });
});
