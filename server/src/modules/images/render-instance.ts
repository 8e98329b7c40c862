import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { renderFrame, RenderRefused, type RenderOptions } from './render';
import { DataSetError, readDataSet, type DataSet } from './dicom-dataset';
import { NoSuchFrame } from './render-frames';
import type { ImageStore } from '../../platform/storage/store';

/** A stored instance read whole (instances are at most 256 MiB, as at ingest). */
export async function readStored(images: ImageStore, key: string): Promise<Buffer> {
  const found = await images.get(key);
  if (!found) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stored instance's data set; a malformed file is refused like an unsupported one (406, not 500). */
export async function parseStored(images: ImageStore, key: string): Promise<DataSet> {
  const bytes = await readStored(images, key);
  try {
    return readDataSet(bytes);
  } catch (err) {
    if (err instanceof DataSetError) throw new RenderRefused('imgUnreadable');
    throw err;
  }
}

/** A stored instance's frame as JPEG. */
export async function renderStored(images: ImageStore, key: string, o: RenderOptions): Promise<Buffer> {
  return renderFrame(await parseStored(images, key), o);
}

/** The JSON envelope of a 406: what cannot be given, in the caller's language. */
export function notAcceptable(c: Context<AppEnv>, msg: string) {
  return c.json({ success: false, msg, data: null, code: 406, error: 'VALIDATION' as const }, 406);
}

export function refusedMessage(c: Context<AppEnv>, err: RenderRefused): string {
  return t(c, err.key, err.params);
}

export { NoSuchFrame, RenderRefused };
