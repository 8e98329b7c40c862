import path from 'node:path';
import type { Env } from '../core/env';
import { fileImageStore } from './file-store';
import { orthancImageStore } from './orthanc-store';
import { s3ImageStore } from './s3-store';
import type { ImageStore } from './store';

/**
 * The image store the settings ask for: Orthanc when IMAGE_STORE=orthanc (patient files stay in
 * DATA_DIR/images), an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/images.
 */
export function chooseImageStore(env: Env): ImageStore {
  const root = path.join(env.DATA_DIR, 'images');
  if (env.IMAGE_STORE === 'orthanc') {
    if (!env.ORTHANC_URL) throw new Error('Invalid environment: IMAGE_STORE=orthanc needs ORTHANC_URL');
    return orthancImageStore({
      url: env.ORTHANC_URL,
      files: fileImageStore(root),
      ...(env.ORTHANC_USERNAME ? { username: env.ORTHANC_USERNAME, password: env.ORTHANC_PASSWORD ?? '' } : {}),
    });
  }
  if (env.IMAGE_STORE === 'file' || !env.S3_BUCKET) {
    if (env.IMAGE_STORE === 's3') throw new Error('Invalid environment: IMAGE_STORE=s3 needs S3_BUCKET');
    return fileImageStore(root);
  }
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
