import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * IMAGE_STORE=orthanc against a real Orthanc (Debian package) with a user and password: the platform and
 * Orthanc run together in a loopback-only network namespace (tests/support/orthanc-store-peer.ts), which
 * needs root and `unshare`. A unit-project test: it starts its own platform, so it runs once, not per database.
 */
interface PeerResult {
  first: { uploaded: number; duplicates: number; failed: number };
  inOrthanc: number;
  orthancBytes: string[];
  sent: string[];
  wadoBytes: string[];
  wadoDeclared: string[];
  sentInOrder: string[];
  rendered: { status: number; type: string };
  dicomweb: { status: number; hasAll: boolean };
  listed: number;
  again: { uploaded: number; duplicates: number; failed: number };
  afterAgain: number;
  del: number;
  deletedWado: number;
  afterDelete: number;
  restore: number;
  restoredWado: string;
  attach: { status: number; shown: number; same: boolean; localFiles: number };
  afterAttach: number;
  storeList: string[];
  storescu: number;
  afterStorescu: number;
  sentRows: { file_count: number; patient_name: string }[];
  merge: number;
  afterMerge: number;
  orthancPatients: number;
  mergedWado: string[];
  down: { status: number; result: { success: boolean; msg: string; data: { uploaded: number } } };
  lateRows: number;
  lateInstances: number;
  downWado: { status: number; error: string; msg: string };
}

describe('Orthanc as the image store', () => {
  it('uploads and C-STOREs land in Orthanc once, read back the same through WADO, DICOMweb and the renderer; Orthanc down is a named refusal', () => {
    if (spawnSync('Orthanc', ['--version']).status !== 0)
      throw new Error('Orthanc is missing: apt-get install orthanc');
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
    const out = execFileSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/orthanc-store-peer.ts'],
      { encoding: 'utf8', timeout: 110_000 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as PeerResult;
    expect(r.first).toMatchObject({ uploaded: 3, duplicates: 0, failed: 0 });
    // Orthanc holds the very bytes uploaded; WADO answers each instance's own bytes from Orthanc
    expect(r.inOrthanc).toBe(3);
    expect(r.orthancBytes).toEqual(r.sent);
    expect(r.wadoBytes).toEqual(r.sentInOrder);
    // Orthanc as shipped compresses its answers: the length the WADO answer declares is the file's all the same
    expect(r.wadoDeclared).toEqual(r.sentInOrder);
    expect(r.rendered).toEqual({ status: 200, type: 'image/jpeg' });
    expect(r.dicomweb).toEqual({ status: 200, hasAll: true });
    expect(r.listed).toBe(3);
    expect(r.storeList).toHaveLength(3);
    // the same zip again: duplicates, nothing stored twice
    expect(r.again).toMatchObject({ uploaded: 0, duplicates: 3, failed: 0 });
    expect(r.afterAgain).toBe(3);
    // delete and restore are a flag: Orthanc keeps the bytes
    expect([r.del, r.deletedWado, r.afterDelete, r.restore]).toEqual([200, 404, 3, 200]);
    expect(r.restoredWado).toBe(r.sentInOrder[1]);
    // a patient attachment stays on local disk
    expect(r.attach).toEqual({ status: 200, shown: 200, same: true, localFiles: 1 });
    expect(r.afterAttach).toBe(3);
    // storescu into the DICOM listener: the instances go to Orthanc as well
    expect(r.storescu).toBe(0);
    expect(r.afterStorescu).toBe(6);
    expect(r.sentRows).toEqual([{ file_count: 3, patient_name: '王五' }]);
    // a patient merge rewrites the sent study's images: Orthanc holds each once, under the surviving patient,
    // and WADO serves the rewritten bytes from the revision keys
    expect(r.merge).toBe(200);
    expect([r.afterMerge, r.orthancPatients]).toEqual([6, 1]);
    expect(r.mergedWado).toEqual(['200 true false true', '200 true false true', '200 true false true']);
    // Orthanc stopped: the upload names the store, nothing is written; a read is a 503 naming it
    expect(r.down.status).toBe(200);
    expect(r.down.result.success).toBe(false);
    expect(r.down.result.msg).toBe('影像存储（Orthanc）暂时无法访问，请稍后重试');
    expect(r.down.result.data.uploaded).toBe(0);
    expect([r.lateRows, r.lateInstances]).toEqual([0, 0]);
    expect(r.downWado).toMatchObject({ status: 503, error: 'UNAVAILABLE' });
    expect(r.downWado.msg).toContain('Orthanc');
  }, 120_000);
});
