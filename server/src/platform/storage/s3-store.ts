import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type ImageStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (MinIO, Ceph, s3rver and most S3-compatible servers). */
  forcePathStyle: boolean;
  /** Local directory for uploads being received. */
  stagingDir: string;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');
const notImplemented = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 501 || err.name === 'NotImplemented');
const preconditionFailed = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 412 || err.name === 'PreconditionFailed');

/**
 * Instances as objects in an S3-compatible bucket. A put checks the key first and never overwrites; two
 * puts of one key at the same moment must not both report "created" (the loser of a failed upload would
 * remove the winner's object): they are serialised per key in this process, and across processes a
 * conditional write (If-None-Match: *) settles it where the store supports one.
 */
export function s3ImageStore(o: S3StoreOptions): ImageStore {
  const client = new S3Client({
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
  });
  const Bucket = o.bucket;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${o.prefix}${key}`;
  };
  const exists = async (Key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  };
  const inFlight = new Map<string, Promise<boolean>>();
  let conditionalWrites = true;
  const putOnce = async (Key: string, body: Buffer | Readable): Promise<boolean> => {
    if (await exists(Key)) return false;
    // A stream of unknown length cannot be signed in one PUT: instances are bounded, so read it whole.
    const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    const send = (ifNoneMatch: boolean) =>
      client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentType: 'application/dicom',
          ContentLength: bytes.length,
          // Another server process putting the same key at the same moment: the store keeps the first.
          ...(ifNoneMatch ? { IfNoneMatch: '*' } : {}),
        }),
      );
    try {
      await send(conditionalWrites);
    } catch (err) {
      if (preconditionFailed(err)) return false;
      if (!(conditionalWrites && notImplemented(err))) throw err;
      // An S3-compatible store without conditional writes: the in-process check above is what remains.
      conditionalWrites = false;
      await send(false);
    }
    return true;
  };
  return {
    kind: 's3',
    stagingDir: o.stagingDir,
    async put(key, body) {
      const Key = objectKey(key);
      // One put of a key at a time in this process, so the existence check below is never stale here.
      const before = inFlight.get(Key);
      const mine = (async () => {
        await before?.catch(() => undefined);
        return putOnce(Key, body);
      })();
      inFlight.set(Key, mine);
      try {
        return await mine;
      } finally {
        if (inFlight.get(Key) === mine) inFlight.delete(Key);
      }
    },
    async get(key, range) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const r = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(Range ? { Range } : {}) }));
        if (!r.Body) return null;
        // A ranged answer's ContentLength is the part; ContentRange (bytes a-b/total) names the whole.
        const total = r.ContentRange ? Number(r.ContentRange.split('/')[1]) : Number(r.ContentLength ?? 0);
        return { body: r.Body as Readable, size: total };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${o.prefix}${prefix}`, ContinuationToken }),
        );
        for (const obj of page.Contents ?? []) {
          if (!obj.Key) continue;
          const etag = obj.ETag?.replace(/"/g, '');
          const checksum = !etag ? undefined : /^[0-9a-f]{32}$/.test(etag) ? `md5:${etag}` : `etag:${etag}`;
          yield { key: obj.Key.slice(o.prefix.length), size: Number(obj.Size ?? 0), checksum };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
