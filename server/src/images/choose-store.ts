import path from 'node:path';
import type { Env } from '../env';
import { fileImageStore } from './file-store';
import { s3ImageStore } from './s3-store';
import type { ImageStore } from './store';

/** The image store the settings ask for: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/images. */
export function chooseImageStore(env: Env): ImageStore {
  const root = path.join(env.DATA_DIR, 'images');
  if (!env.S3_BUCKET) return fileImageStore(root);
  return s3ImageStore({
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    stagingDir: path.join(root, '.staging'),
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
  });
}
