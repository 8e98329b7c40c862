import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { EchoAnswer, ForwardResult } from '@shared/schemas/dicom-forward';

/**
 * Forwarding to real peers: dcmtk's storescp and Orthanc. They cannot listen on 127.0.0.1 alone, so the
 * platform (PGlite) and the peers run together in a loopback-only network namespace
 * (tests/support/dicom-forward-peer.ts), which needs root and `unshare`. A unit-project test: it starts its
 * own platform, so it runs once, not per database. It fails, not skips, when a peer is missing.
 */
interface Answer {
  status: number;
  success: boolean;
  msg: string;
  data: ForwardResult | null;
}
interface PeerResult {
  refusals: Record<'unregistered' | 'mismatchedPort' | 'otherHospital', Answer>;
  refusedConnections: number;
  toScp: Answer;
  toPlain: Answer;
  toOrthanc: Answer;
  rate: { storescp: number; orthanc: number };
  sent: string[];
  jpeg: string;
  storescp: string[];
  storescpPlain: string[];
  orthanc: string[];
  echoOk: EchoAnswer;
  echoClosed: EchoAnswer;
  closedPort: number;
}

describe('forwarding a study to storescp and Orthanc (C-STORE SCU), C-ECHO', () => {
  it('lands every instance byte for byte, refuses other addresses without a connection, echoes', () => {
    for (const tool of ['storescp', 'Orthanc'])
      if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
        throw new Error(`${tool} is missing: apt-get install dcmtk orthanc`);
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
    const out = execFileSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/dicom-forward-peer.ts'],
      { encoding: 'utf8', timeout: 110_000 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as PeerResult;

    // Refused before any connection: the listeners at the named addresses saw nothing.
    expect(r.refusals.unregistered).toMatchObject({ status: 400, success: false });
    expect(r.refusals.mismatchedPort).toMatchObject({ status: 400, success: false });
    expect(r.refusals.otherHospital).toMatchObject({ status: 403, success: false });
    expect(r.refusedConnections).toBe(0);

    // 30 CT (explicit and implicit little endian, a GB18030 name) + 1 JPEG baseline: every data set as stored.
    expect(r.sent).toHaveLength(31);
    expect(r.toScp).toMatchObject({
      status: 200,
      success: true,
      msg: 'Forwarded to storescp (STORESCP): 31 sent, 0 failed',
    });
    expect(r.storescp).toEqual(r.sent);
    expect(r.toOrthanc).toMatchObject({ status: 200, success: true });
    expect(r.toOrthanc.data!.sent).toBe(31);
    expect(r.orthanc).toEqual(r.sent);

    // A storescp taking uncompressed syntaxes only: the JPEG instance goes decoded, in explicit VR little endian.
    expect(r.toPlain).toMatchObject({ status: 200, success: true });
    expect(r.toPlain.data!.failed).toBe(0);
    expect(r.storescpPlain).toHaveLength(r.sent.length);
    // every file as sent but the JPEG one, which arrived re-encoded
    expect(r.sent.filter((d) => !r.storescpPlain.includes(d))).toEqual([r.jpeg]);

    expect(r.echoOk.ok).toBe(true);
    expect(r.echoOk.msg).toBe(`A DICOM device answered in ${r.echoOk.ms} ms`);
    expect(r.echoClosed).toMatchObject({
      ok: false,
      msg: 'Connection failed: no DICOM device answered at this address',
    });
    console.log(`forward rate: storescp ${r.rate.storescp}/s, Orthanc ${r.rate.orthanc}/s (31 small instances)`);
  }, 120_000);
});
