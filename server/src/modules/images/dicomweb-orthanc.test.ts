import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Orthanc's DICOMweb client (the Debian orthanc-dicomweb plugin) queries and retrieves from our /dicomweb.
 * Orthanc cannot listen on 127.0.0.1 alone, so the platform (PGlite) and Orthanc run together in a
 * loopback-only network namespace (tests/support/orthanc-dicomweb-peer.ts), which needs root and `unshare`.
 * A unit-project test: it starts its own platform, so it runs once, not per database.
 */
const PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';

interface PeerResult {
  qido: { status: number; body: Record<string, { Value?: unknown }>[] };
  qidoOther: { status: number; body: unknown[] };
  meta: { status: number; body: Record<string, { Value?: unknown[] }>[] };
  retrieve: { status: number; body: string };
  stored: string[];
  sent: string[];
  stow: { status: number; body: string; refused: number };
  stowed: { status: number; md5: string; study: { hospital_code: string; patient_pn: string } | null };
  stowSent: string;
}

/** One run of the peer (Orthanc and the platform together), shared by the tests. */
let result: PeerResult | undefined;
function peer(): PeerResult {
  if (result) return result;
  if (!existsSync(PLUGIN)) throw new Error(`${PLUGIN} is missing: apt-get install orthanc orthanc-dicomweb`);
  if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
  const out = execFileSync(
    'unshare',
    ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/orthanc-dicomweb-peer.ts'],
    { encoding: 'utf8', timeout: 90_000 },
  );
  return (result = JSON.parse(out.trim().split('\n').at(-1)!) as PeerResult);
}

describe('Orthanc as a DICOMweb client of /dicomweb', () => {
  it('finds the study by QIDO-RS, reads its metadata and retrieves the very bytes stored', () => {
    const r = peer();
    const study = '1.2.826.0.1.3680043.8.498.88.1';
    expect(r.qido.status).toBe(200);
    expect(r.qido.body.map((s) => s['0020000D']?.Value)).toEqual([study]);
    // Orthanc shows the name's alphabetic group: the Latin one as the modality sent it (Wang^Wu=王^五)
    expect(String(r.qido.body[0]!['00100010']?.Value)).toBe('Wang^Wu');
    // the same query with doctor2's session (H002): nothing
    expect(r.qidoOther).toEqual({ status: 200, body: [] });
    expect(r.meta.body[0]!['00100010']!.Value).toEqual([{ Alphabetic: 'Wang^Wu', Ideographic: '王^五' }]);
    expect(r.retrieve.status).toBe(200);
    expect(JSON.parse(r.retrieve.body)).toMatchObject({ ReceivedInstancesCount: '2' });
    expect(r.stored).toEqual(r.sent);
  }, 120_000);

  it('stores into the platform by STOW-RS: the study lands whole in the doctor’s hospital', () => {
    const r = peer();
    // Orthanc reads our Store Instances Response and finds its one instance referenced
    expect(r.stow.status, r.stow.body).toBe(200);
    expect(r.stowed).toEqual({
      status: 200,
      md5: r.stowSent,
      study: { hospital_code: 'H001', patient_pn: 'Li^Si=李^四' },
    });
    // the auditor's session (no upload permission): Orthanc hears the refusal
    expect(r.stow.refused).not.toBe(200);
  });
});
