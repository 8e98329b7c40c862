import type { Readable } from 'node:stream';

/**
 * Where instance bytes live. Metadata (and the deleted flag) is in the database; the store only keeps bytes
 * under keys, so deleting an image is a database flag and restoring it needs nothing here.
 */
export interface ImageStore {
  readonly kind: 'file' | 's3' | 'orthanc';
  /** A local directory for uploads being received before they are ingested. */
  readonly stagingDir: string;
  /** Stores bytes under key, durable before visible. Never replaces: false when the key already held an object. */
  put(key: string, body: Buffer | Readable): Promise<boolean>;
  /**
   * As put, for local files that are already durable, linked rather than copied where the store can, and made
   * durable together (each folder synced once). One answer per item, in order.
   */
  putFiles?(items: { key: string; file: string }[]): Promise<boolean[]>;
  /** The object, or only bytes start..end (inclusive) of it when a range is given (a video element seeks); size is the whole object's. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Every object under prefix, in the store's own key order. `checksum`, where the store keeps one it can list
   * cheaply: `md5:<hex>` (an S3 object put whole, whose ETag is its MD5), `etag:<value>` otherwise.
   */
  list(prefix?: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  size: number;
  checksum?: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

const KEY = /^[0-9.]+(\/[0-9.]+)*\.dcm$/;
/** A patient file or video (modules/patient-file): files/<study_iuid>/<random hex>.<ext>. */
const FILE_KEY = /^files\/[0-9.]+\/[0-9a-f]{32}\.(jpg|png|pdf|mp4|webm)$/;
/** An archived report PDF (modules/report-products), named by its SHA-256: files/archive/<hex>.pdf. */
const ARCHIVE_KEY = /^files\/archive\/[0-9a-f]{64}\.pdf$/;
/** A signature, seal, logo or header image (platform/images), named by its SHA-256: files/assets/<hex>.<ext>. */
const ASSET_KEY = /^files\/assets\/[0-9a-f]{64}\.(jpg|png)$/;

/** The key of an instance: study/series/sop.dcm (UIDs are digits and dots, checked at parse). */
export function instanceKey(study: string, series: string, sop: string): string {
  const key = `${study}/${series}/${sop}.dcm`;
  if (!KEY.test(key) || key.includes('..')) throw new Error('not a storable key');
  return key;
}

/** An instance's key after a rewrite that keeps its UIDs (a patient merge): study/series/<revision>/sop.dcm. */
const REVISION = /^([0-9.]+\/[0-9.]+\/)(?:([0-9]+)\/)?([0-9.]+\.dcm)$/;

/**
 * The next key of an instance written again under the same UIDs: the store never replaces bytes in place (put
 * does not overwrite, and the old bytes must stay until the row names the new ones), so a revision is a folder.
 */
export function revisedKey(key: string): string {
  const m = REVISION.exec(key);
  if (!m) throw new Error('not an instance key');
  return `${m[1]}${Number(m[2] ?? 0) + 1}/${m[3]}`;
}

export function assertKey(key: string): void {
  if (!(KEY.test(key) || FILE_KEY.test(key) || ARCHIVE_KEY.test(key) || ASSET_KEY.test(key)) || key.includes('..'))
    throw new Error('not a storable key');
}
