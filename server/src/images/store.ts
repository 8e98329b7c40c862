import type { Readable } from 'node:stream';

/**
 * Where instance bytes live. Metadata (and the deleted flag) is in the database; the store only keeps bytes
 * under keys, so deleting an image is a database flag and restoring it needs nothing here.
 */
export interface ImageStore {
  readonly kind: 'file' | 's3';
  /** A local directory for uploads being received before they are ingested. */
  readonly stagingDir: string;
  /** Stores bytes under key, durable before visible. Never replaces: false when the key already held an object. */
  put(key: string, body: Buffer | Readable): Promise<boolean>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
}

const KEY = /^[0-9.]+(\/[0-9.]+)*\.dcm$/;

/** The key of an instance: study/series/sop.dcm (UIDs are digits and dots, checked at parse). */
export function instanceKey(study: string, series: string, sop: string): string {
  const key = `${study}/${series}/${sop}.dcm`;
  if (!KEY.test(key) || key.includes('..')) throw new Error('not a storable key');
  return key;
}

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error('not a storable key');
}
