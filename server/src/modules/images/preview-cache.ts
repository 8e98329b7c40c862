import { renderStored } from './render-instance';
import type { ImageStore } from '../../platform/storage/store';

/** Rendered previews kept per store, least recently used first out; a 512 x 512 CT preview is about 50 KB. */
const MAX_BYTES = 8 * 1024 * 1024;

interface Kept {
  previews: Map<string, Buffer>;
  bytes: number;
  rendering: Map<string, Promise<Buffer>>;
}
const byStore = new WeakMap<ImageStore, Kept>();

/**
 * An instance's first frame as /wado renders it with no options, rendered once and kept: a stored
 * instance's bytes never change (put never replaces), so a kept preview does not go stale. The caller has
 * checked access and that the image is live. Concurrent asks for one key share one render.
 */
export async function renderPreview(images: ImageStore, key: string): Promise<Buffer> {
  let k = byStore.get(images);
  if (!k) byStore.set(images, (k = { previews: new Map(), bytes: 0, rendering: new Map() }));
  const hit = k.previews.get(key);
  if (hit) {
    k.previews.delete(key);
    k.previews.set(key, hit);
    return hit;
  }
  const pending = k.rendering.get(key);
  if (pending) return pending;
  const job = renderStored(images, key, {});
  k.rendering.set(key, job);
  try {
    const jpeg = await job;
    keep(k, key, jpeg);
    return jpeg;
  } finally {
    k.rendering.delete(key);
  }
}

function keep(k: Kept, key: string, jpeg: Buffer): void {
  if (jpeg.length > MAX_BYTES / 8 || k.previews.has(key)) return;
  k.previews.set(key, jpeg);
  k.bytes += jpeg.length;
  for (const [old, v] of k.previews) {
    if (k.bytes <= MAX_BYTES) break;
    k.previews.delete(old);
    k.bytes -= v.length;
  }
}
