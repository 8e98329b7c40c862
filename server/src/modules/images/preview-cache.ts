import sharp from 'sharp';
import { renderStored } from './render-instance';
import type { ImageStore } from '../../platform/storage/store';

/** Rendered previews and thumbnails kept per store, least recently used first out (a 512 x 512 CT preview is about 50 KB, its thumbnail 4 KB). */
const MAX_BYTES = 16 * 1024 * 1024;

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
export function renderPreview(images: ImageStore, key: string): Promise<Buffer> {
  return kept(images, key, () => renderStored(images, key, {}));
}

/** A thumbnail fits in this many pixels each way unless asked otherwise; a smaller image is not enlarged. */
export const THUMBNAIL_SIZE = 128;

/**
 * An instance's thumbnail: its kept preview scaled to fit the size asked (THUMBNAIL_SIZE square by default).
 * The default size is kept too (about 4 KB each), so an image list opened again is answered from memory.
 */
export function renderThumbnail(
  images: ImageStore,
  key: string,
  size?: { width?: number; height?: number },
): Promise<Buffer> {
  const render = async () =>
    sharp(await renderPreview(images, key))
      .resize({
        ...(size ?? { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 80 })
      .toBuffer();
  return size ? render() : kept(images, `${key}\0thumbnail`, render);
}

async function kept(images: ImageStore, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
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
  const job = render();
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
