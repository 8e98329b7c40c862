import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The DICOM listener against dcmtk's storescu/echoscu (tests/support/dicom-scp-peer.ts), the platform (PGlite)
 * and the peers together in a loopback-only network namespace (root and `unshare`). A unit-project test: it
 * starts its own platform. It fails, not skips, when dcmtk or unshare is missing.
 */
type Ran = { code: number | null; out: string; ms: number };
type StudyRow = { hospital_code: string; patient_name: string; patient_id: string; file_count: number } | null;

describe('DICOM listener with dcmtk peers', () => {
  it('receives a 300-image CT, answers C-ECHO, refuses strangers, stores JPEG as sent, names a bad file', () => {
    for (const tool of ['storescu', 'echoscu', 'img2dcm', 'dcmodify'])
      if (spawnSync(tool, ['--version']).error) throw new Error(`${tool} is missing: apt-get install dcmtk`);
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
    const out = execFileSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/dicom-scp-peer.ts'],
      { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, Ran> &
      Record<'afterUnknown' | 'afterFar' | 'study300' | 'study300again' | 'afterAnyFar', StudyRow> & {
        audit300: string[];
        sameBytes: boolean;
        jpeg: { syntax: string; same: boolean };
        badRows: number;
        stagedLeft: string[];
        receivedLeft: string[];
        loggedLeft: number;
        logSize: number;
        largeSame: boolean;
      };
    const rejected = (x: Ran, why: 'Calling' | 'Called') => {
      expect(x.code).not.toBe(0);
      expect(x.out).toContain(`Reason: ${why} AE Title Not Recognized`);
    };
    expect(r.echo!.code).toBe(0);
    rejected(r.echoUnknown!, 'Calling');
    rejected(r.echoCalledWrong!, 'Called');
    rejected(r.echoInactive!, 'Calling');
    // an unregistered AE, and a registered one calling from another address: refused, nothing stored
    rejected(r.unknownStore!, 'Calling');
    expect(r.afterUnknown).toBeNull();
    rejected(r.farStore!, 'Calling');
    expect(r.afterFar).toBeNull();
    // 300 CT instances land in the device's hospital's worklist with the patient (GB18030 name) intact
    expect(r.store300!.code).toBe(0);
    expect(r.study300).toMatchObject({
      hospital_code: 'H001',
      patient_name: '张三',
      patient_id: 'DIMSE300',
      file_count: 300,
    });
    expect(r.audit300).toEqual(['image.upload dicom:CT_HERE']);
    // sent again: duplicates are success, nothing doubled
    expect(r.again!.code).toBe(0);
    expect(r.study300again!.file_count).toBe(300);
    expect(r.sameBytes).toBe(true);
    // a baseline JPEG from img2dcm, stored as received
    expect(r.img2dcm!.code).toBe(0);
    expect(r.jpegStore!.code).toBe(0);
    expect(r.jpeg).toEqual({ syntax: '1.2.840.10008.1.2.4.50', same: true });
    // no Study Instance UID: an error status (0xC000, "cannot understand"), no row
    expect(r.badStore!.out).toContain('Received Store Response (Error: CannotUnderstand)');
    expect(r.badRows).toBe(0);
    // dicom_accept_any: strangers may echo; a registered AE from elsewhere stores into its hospital; an
    // unregistered one has no hospital and is refused per instance (0x0124); the called AE is still checked
    expect(r.anyEcho!.code).toBe(0);
    expect(r.anyStoreUnknown!.out).toContain('0x124');
    expect(r.anyFar!.code).toBe(0);
    expect(r.afterAnyFar).toMatchObject({ hospital_code: 'H002', patient_name: '李四', file_count: 2 });
    rejected(r.anyCalledWrong!, 'Called');
    rejected(r.backToStrict!, 'Calling');
    // a sender killed mid-instance leaves nothing staged
    expect(r.stagedLeft).toEqual([]);
    expect(r.receivedLeft).toEqual([]);
    // the received log (the fast path for instances held in memory) is there, and empty once indexed
    expect(r.logSize).toBe(32 << 20);
    expect(r.loggedLeft).toBe(0);
    // an instance over 8 MiB goes the streamed way, stored byte for byte
    expect(r.largeStore!.code).toBe(0);
    expect(r.largeSame).toBe(true);
  }, 300_000);
});
