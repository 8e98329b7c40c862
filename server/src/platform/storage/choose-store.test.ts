import { describe, expect, it } from 'vitest';
import { loadEnv } from '../core/env';
import { chooseImageStore } from './choose-store';

const env = (o: Record<string, string>) => loadEnv({ DATA_DIR: '/tmp/mwl-choose-store', ...o });

describe('chooseImageStore', () => {
  it('IMAGE_STORE picks the store; unset keeps the S3_BUCKET rule', () => {
    expect(chooseImageStore(env({})).kind).toBe('file');
    expect(chooseImageStore(env({ S3_BUCKET: 'b' })).kind).toBe('s3');
    expect(chooseImageStore(env({ IMAGE_STORE: 'file', S3_BUCKET: 'b' })).kind).toBe('file');
    const orthanc = chooseImageStore(env({ IMAGE_STORE: 'orthanc', ORTHANC_URL: 'http://127.0.0.1:8042' }));
    expect(orthanc.kind).toBe('orthanc');
    // uploads are staged on local disk whatever the store
    expect(orthanc.stagingDir).toBe('/tmp/mwl-choose-store/images/.staging');
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => chooseImageStore(env({ IMAGE_STORE: 'orthanc' }))).toThrow('IMAGE_STORE=orthanc needs ORTHANC_URL');
    expect(() => chooseImageStore(env({ IMAGE_STORE: 's3' }))).toThrow('IMAGE_STORE=s3 needs S3_BUCKET');
    expect(() => env({ ORTHANC_URL: 'http://rx:secret@127.0.0.1:8042' })).toThrow('ORTHANC_USERNAME');
    expect(() => env({ IMAGE_STORE: 'minio' })).toThrow('IMAGE_STORE');
  });
});
