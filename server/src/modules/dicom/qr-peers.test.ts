import { execFileSync, spawnSync } from 'node:child_process';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';

/**
 * Query/Retrieve against dcmtk's findscu, movescu, getscu and storescp, and Orthanc's REST query/retrieve,
 * all with the platform in a loopback-only network namespace (tests/support/qr-peer.ts; root and `unshare`).
 * A unit-project test: it starts its own platform, so it runs once, not per database. Fails, not skips,
 * without dcmtk or Orthanc.
 */
type Answer = Record<string, string> & { raw: string; charset: string };
type Found = { code: number; out: string; answers: Answer[] };
type Ran = { code: number; out: string };
type Got = Ran & { files: string[]; read: string[] };
interface PeerResult {
  gbStudy: Found;
  ids: Record<'allHere' | 'allThere' | 'april' | 'morning' | 'uidList' | 'patientByName' | 'patientStudies', string[]>;
  series: Found;
  images: Found;
  patients: Found;
  studyRootPatient: { code: number; out: string; answers: number };
  moved: Ran & { files: number };
  moveSeries: Ran & { files: number };
  moveUnknown: Ran;
  moveOtherHospital: Ran;
  moveOtherStudy: Ran;
  movedAtEnd: number;
  movePlain: Ran & { files: number };
  got: Got;
  gotPatient: Got;
  gotThere: Got;
  orthanc: {
    patients: Record<string, string>[];
    studies: Record<string, string>[];
    retrieveStatus: number;
    instances: number;
  };
}

const A = '1.2.826.0.1.3680043.8.498.34.1';
const B = '1.2.826.0.1.3680043.8.498.34.2';
const keysOf = (a: Answer) =>
  Object.keys(a)
    .filter((k) => k !== 'raw' && k !== 'charset')
    .sort();
/** The DIMSE statuses movescu's debug dump shows, in order. */
const statuses = (r: Ran) => [...r.out.matchAll(/DIMSE Status\s*: (0x[0-9a-f]{4})/g)].map((m) => m[1]);

describe('Query/Retrieve SCP with dcmtk and Orthanc', () => {
  it('finds at every level in the query character set, moves and gets within the caller hospital', () => {
    for (const tool of ['findscu', 'movescu', 'getscu', 'storescp', 'dump2dcm', 'dcmdump', 'Orthanc'])
      if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
        throw new Error(`${tool} is missing: apt-get install dcmtk orthanc`);
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
    const out = execFileSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/qr-peer.ts'],
      { encoding: 'utf8', timeout: 150_000, maxBuffer: 64 << 20 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as PeerResult;

    // STUDY level, GB18030 query naming the ideographic group: a GB18030 answer with only the keys asked.
    expect(r.gbStudy.code).toBe(0);
    expect(r.gbStudy.answers).toHaveLength(1);
    const a = r.gbStudy.answers[0]!;
    expect(a).toMatchObject({
      charset: 'GB18030',
      QueryRetrieveLevel: 'STUDY',
      PatientName: 'Zhang^San=张^三',
      PatientID: 'QR001',
      StudyInstanceUID: A,
      StudyDate: '20260310',
      StudyTime: '093000',
      AccessionNumber: 'ACCQR1',
      StudyDescription: '胸部CT',
      ModalitiesInStudy: 'CT\\OT',
      NumberOfStudyRelatedSeries: '2',
      NumberOfStudyRelatedInstances: '5',
    });
    expect(keysOf(a)).toEqual(
      [
        'AccessionNumber',
        'ModalitiesInStudy',
        'NumberOfStudyRelatedInstances',
        'NumberOfStudyRelatedSeries',
        'PatientID',
        'PatientName',
        'QueryRetrieveLevel',
        'StudyDate',
        'StudyDescription',
        'StudyInstanceUID',
        'StudyTime',
      ].sort(),
    );
    const raw = Buffer.from(a.raw, 'base64');
    expect(raw.includes(iconv.encode('张^三', 'gb18030'))).toBe(true);
    expect(raw.includes(Buffer.from('张^三'))).toBe(false);

    // Matching, and hospital scope: H001's caller never sees H002's study, nor H002's caller H001's.
    expect(r.ids.allHere.sort()).toEqual(['QR001', 'QR002']);
    expect(r.ids.allThere).toEqual(['QR003']);
    expect(r.ids.april).toEqual(['QR002']);
    expect(r.ids.morning).toEqual(['QR001']);
    expect(r.ids.uidList).toEqual(['QR001']);
    expect(r.ids.patientByName).toEqual(['QR002']);
    expect(r.ids.patientStudies).toEqual([A]);

    // SERIES and IMAGE levels: the unique keys above come back, counts per series.
    expect(
      r.series.answers.map((s) => [
        s.SeriesInstanceUID,
        s.Modality,
        s.SeriesNumber,
        s.NumberOfSeriesRelatedInstances,
        s.StudyInstanceUID,
      ]),
    ).toEqual([
      [`${A}.1`, 'CT', '1', '4', A],
      [`${A}.2`, 'OT', '2', '1', A],
    ]);
    expect(r.images.answers.map((i) => [i.SOPInstanceUID, i.InstanceNumber, i.SOPClassUID])).toEqual(
      [1, 2, 3, 4].map((n) => [`${A}.1.${n}`, String(n), '1.2.840.10008.5.1.4.1.1.2']),
    );

    // Patient Root, PATIENT level, UTF-8: one answer per patient with its counts.
    expect(
      r.patients.answers.map((p) => [
        p.charset,
        p.PatientID,
        p.PatientName,
        p.NumberOfPatientRelatedStudies,
        p.NumberOfPatientRelatedInstances,
      ]),
    ).toEqual([
      ['ISO_IR 192', 'QR001', 'Zhang^San=张^三', '1', '5'],
      ['ISO_IR 192', 'QR002', '李^四', '1', '2'],
    ]);
    // Study Root has no PATIENT level: 0xA900.
    expect(r.studyRootPatient.answers).toBe(0);
    expect(r.studyRootPatient.out).toContain('Received Final Find Response (Error: DataSetDoesNotMatchSOPClass)');

    // C-MOVE to a registered storescp of the hospital: every instance lands, a pending response after each.
    expect(r.moved.code).toBe(0);
    expect(r.moved.files).toBe(5);
    expect(statuses(r.moved)).toEqual(['0xff00', '0xff00', '0xff00', '0xff00', '0xff00', '0x0000']);
    expect(r.moved.out).toMatch(/Remaining Suboperations\s*: 4\n.*Completed Suboperations\s*: 1/);
    expect(r.moveSeries.files).toBe(7);
    // Unknown destination, another hospital's destination: 0xA801, nothing sent; another hospital's study: nothing.
    expect(statuses(r.moveUnknown)).toEqual(['0xa801']);
    expect(statuses(r.moveOtherHospital)).toEqual(['0xa801']);
    expect(statuses(r.moveOtherStudy)).toEqual(['0x0000']);
    expect(r.moveOtherStudy.out).toMatch(/Completed Suboperations\s*: 0/);
    expect(r.movedAtEnd).toBe(7);
    // A destination taking uncompressed syntaxes only: the JPEG instance goes decoded, in explicit VR.
    expect(r.movePlain.files).toBe(5);
    expect(statuses(r.movePlain).at(-1)).toBe('0x0000');
    expect(r.movePlain.out).toMatch(/Completed Suboperations\s*: 5\n.*Failed Suboperations\s*: 0/);

    // C-GET on the caller's association: every instance arrives on the explicit VR contexts the platform
    // took among getscu's proposals (implicit VR ones re-encoded, the JPEG one decoded), the GB18030 name intact
    expect(r.got.files).toEqual([...[1, 2, 3, 4].map((n) => `CT.${A}.1.${n}`), `SC.${A}.2.1`]);
    expect(r.got.read).toEqual(Array(5).fill('0 1.2.840.10008.1.2.1 Zhang^San=张^三'));
    expect(r.got.out).toContain('Received C-GET Response (Success)');
    expect(r.got.out).toMatch(/Completed Suboperations : 5\n.*Failed Suboperations\s*: 0/);
    expect(r.got.out).not.toContain('Release Failed');
    expect(r.gotPatient.files).toEqual([1, 2].map((n) => `CT.${B}.1.${n}`));
    expect(r.gotPatient.out).toContain('Received C-GET Response (Success)');
    expect(r.gotThere.files).toEqual([]);
    expect(r.gotThere.out).toMatch(/Completed Suboperations : 0/);

    // Orthanc as the querying PACS: C-FIND at patient and study level, C-MOVE of the study to itself.
    expect(r.orthanc.patients).toEqual([
      expect.objectContaining({ PatientID: 'QR002', PatientName: '李^四', QueryRetrieveLevel: 'PATIENT' }),
    ]);
    expect(r.orthanc.studies).toEqual([
      expect.objectContaining({ PatientName: 'Zhang^San=张^三', StudyDescription: '胸部CT', StudyInstanceUID: A }),
    ]);
    expect(r.orthanc.retrieveStatus).toBe(200);
    expect(r.orthanc.instances).toBe(5);
  }, 160_000);
});
