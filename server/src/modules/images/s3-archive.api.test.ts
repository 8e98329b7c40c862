import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../tests/support/api-client';
import { startTestPlatform, type TestPlatform } from '../../../../tests/support/api-platform';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { filesOf, resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { startLocalS3 } from '../../../../tests/support/local-s3';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let p: TestPlatform;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'im-s3-archive-'));
  p = await startTestPlatform({ DATA_DIR: dataDir, ...s3.env });
  admin = await loginAs(p.app, 'admin', 'Admin@123');
});
afterAll(async () => {
  await p?.close();
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function objects(): Promise<string[]> {
  const out: string[] = [];
  for await (const o of p.deps.images.list()) out.push(o.key);
  return out.sort();
}

describe('the archive on S3-compatible storage (S3_* settings)', () => {
  it('stores uploads as objects under the prefix, serves them by WADO, and keeps nothing on local disk', async () => {
    expect(p.deps.images.kind).toBe('s3');
    const files = [1, 2].map((n) => ({
      name: `IM${n}`,
      data: buildDicom({ study: uid(30), series: uid(30, 1), sop: uid(30, 1, n), rows: 32, cols: 32 }),
    }));
    const a = await uploadDicom(p.app, {
      token: admin,
      files: [{ name: 's3.zip', data: await zipOf([...files, { name: 'junk.dcm', data: Buffer.from('junk') }]) }],
      hospital_code: 'H002',
    });
    expect(resultOf(a).data).toMatchObject({ uploaded: 2, failed: 1 });
    expect(filesOf(a)['junk.dcm']!.msg).toBe('junk.dcm failed: not a DICOM file');
    expect(await objects()).toEqual([1, 2].map((n) => `${uid(30)}/${uid(30, 1)}/${uid(30, 1, n)}.dcm`));
    const stored = (await readdir(s3.directory, { recursive: true })).filter((f) => f.endsWith('.dcm._S3rver_object'));
    expect(stored.length).toBe(2);
    expect(stored.every((f) => f.startsWith(`${s3.bucket}/archive/`))).toBe(true);
    const r = await p.app.request(
      `/wado?${new URLSearchParams({ requestType: 'WADO', studyUID: uid(30), seriesUID: uid(30, 1), objectUID: uid(30, 1, 2), contentType: 'application/dicom' })}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer())).toEqual(files[1]!.data);
    const local = await readdir(path.join(dataDir, 'images'), { recursive: true }).catch(() => []);
    expect(local.filter((f) => f.endsWith('.dcm'))).toEqual([]);
    const again = await uploadDicom(p.app, {
      token: admin,
      files: [{ name: 'IM1.dcm', data: files[0]!.data }],
      hospital_code: 'H002',
    });
    expect(resultOf(again).data).toMatchObject({ uploaded: 0, duplicates: 1 });
  });
});
