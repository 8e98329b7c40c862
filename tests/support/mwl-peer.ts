/**
 * dcmtk's findscu -W (modality worklist) against the platform's DICOM listener, inside a loopback-only network
 * namespace: `unshare -n sh -c 'ip link set lo up; node --import tsx <this file>'`. The platform (PGlite in
 * memory, demo data) has registered studies without images in two hospitals and devices of both; each
 * query's responses are written by findscu (-X) and read back with dcmdump +U8; printed as one JSON line
 * for server/src/modules/dicom/mwl-findscu.test.ts to check.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { bootstrap } from '../../server/src/bootstrap';
import { device, study } from '../../server/src/platform/db/schema';
import { startDicomListener } from '../../server/src/modules/dicom/listener';
import { loadEnv } from '../../server/src/platform/core/env';
import { run } from './dcmtk';

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-mwl-'));
const platform = await bootstrap(loadEnv({ SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dir }), {
  pgliteDir: 'memory://',
  webDir: '/nonexistent',
});
const { db } = platform.deps;
await db.insert(device).values([
  { name: 'MR here', aet: 'MR_HERE', modality: 'MR', ip: '127.0.0.1', port: 104, hospital_code: 'H001' },
  { name: 'CT there', aet: 'CT_THERE', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H002' },
]);
const at = (y: number, m: number, d: number, h = 9, min = 30) => new Date(y, m - 1, d, h, min);
const base = { study_desc_value: [] as { key: string; label: string }[], patient_sex: 'M', patient_age: '45Y' };
await db.insert(study).values([
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.1',
    hospital_code: 'H001',
    patient_id: 'MWL001',
    patient_name: '王小明',
    accession_no: 'ACCMWL1',
    modality: 'CT',
    study_desc: '胸部CT平扫',
    study_datetime: at(2026, 3, 10),
  },
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.2',
    hospital_code: 'H001',
    patient_id: 'MWL002',
    patient_name: 'Zhang San',
    accession_no: 'ACCMWL2',
    modality: 'MR',
    study_desc: 'Head MR',
    study_datetime: at(2026, 3, 12, 14, 5),
  },
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.3',
    hospital_code: 'H001',
    patient_id: 'MWL003',
    patient_name: '李四',
    accession_no: 'ACCMWL3',
    modality: 'CT',
    study_datetime: at(2026, 4, 1),
  },
  // images already arrived: no longer scheduled
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.4',
    hospital_code: 'H001',
    patient_id: 'MWL004',
    patient_name: '有图像',
    modality: 'CT',
    study_datetime: at(2026, 3, 11),
    has_dicom_file: 1,
    file_count: 3,
  },
  // deleted
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.5',
    hospital_code: 'H001',
    patient_id: 'MWL005',
    patient_name: '已删除',
    modality: 'CT',
    study_datetime: at(2026, 3, 11),
    is_del: 1,
  },
  // another hospital's
  {
    ...base,
    study_iuid: '1.2.826.0.1.3680043.8.498.31.6',
    hospital_code: 'H002',
    patient_id: 'MWL006',
    patient_name: '赵六',
    modality: 'CT',
    study_datetime: at(2026, 3, 10),
  },
]);
const listener = await startDicomListener(platform.deps, {
  port: 0,
  host: '127.0.0.1',
  aet: 'RXPACS',
  receiveLogBytes: 0,
});

/** The query's keys: tag, VR, and whether it sits in the ScheduledProcedureStepSequence item. */
const KEYS: Record<string, [string, string, boolean?]> = {
  AccessionNumber: ['0008,0050', 'SH'],
  PatientName: ['0010,0010', 'PN'],
  PatientID: ['0010,0020', 'LO'],
  PatientSex: ['0010,0040', 'CS'],
  StudyInstanceUID: ['0020,000d', 'UI'],
  RequestedProcedureDescription: ['0032,1060', 'LO'],
  RequestedProcedureID: ['0040,1001', 'SH'],
  Modality: ['0008,0060', 'CS', true],
  ScheduledStationAETitle: ['0040,0001', 'AE', true],
  ScheduledProcedureStepStartDate: ['0040,0002', 'DA', true],
  ScheduledProcedureStepStartTime: ['0040,0003', 'TM', true],
  ScheduledProcedureStepDescription: ['0040,0007', 'LO', true],
  ScheduledProcedureStepID: ['0040,0009', 'SH', true],
};
const TAGS: Record<string, string> = {
  '(0008,0050)': 'accession',
  '(0010,0010)': 'name',
  '(0010,0020)': 'id',
  '(0010,0040)': 'sex',
  '(0020,000d)': 'study',
  '(0032,1060)': 'description',
  '(0040,1001)': 'procedureId',
  '(0008,0060)': 'modality',
  '(0040,0001)': 'station',
  '(0040,0002)': 'date',
  '(0040,0003)': 'time',
  '(0040,0007)': 'stepDescription',
  '(0040,0009)': 'stepId',
};

let n = 0;
/**
 * One findscu -W with a query file written by dump2dcm from a dump in the query's character set (findscu's
 * -k takes the command line's UTF-8 bytes as they are, so a GB18030 query needs the file); `set` gives
 * values, the other keys are asked empty. The answers: tag values as dcmdump +U8 prints them, the declared
 * character set as sent, and the raw bytes.
 */
async function query(aet: string, set: Record<string, string>, charset?: string) {
  const out = await mkdtemp(path.join(dir, `q${n++}-`));
  const line = (k: string) => `(${KEYS[k]![0]}) ${KEYS[k]![1]} [${set[k] ?? ''}]`;
  const dump = [
    ...(charset ? [`(0008,0005) CS [${charset}]`] : []),
    ...Object.keys(KEYS)
      .filter((k) => !KEYS[k]![2])
      .map(line),
    '(0040,0100) SQ (Sequence with explicit length #=1)',
    '(fffe,e000) na (Item with explicit length #=1)',
    ...Object.keys(KEYS)
      .filter((k) => KEYS[k]![2])
      .map(line),
    '(fffe,e00d) na (ItemDelimitationItem for re-encoding)',
    '(fffe,e0dd) na (SequenceDelimitationItem for re-encod.)',
  ].join('\n');
  await writeFile(path.join(out, 'q.dump'), iconv.encode(dump, charset === 'GB18030' ? 'gb18030' : 'utf8'));
  const made = await run('dump2dcm', ['-q', '+te', path.join(out, 'q.dump'), path.join(out, 'q.dcm')]);
  if (made.code !== 0) throw new Error(`dump2dcm: ${made.out}`);
  const answersDir = path.join(out, 'rsp');
  await mkdir(answersDir);
  const r = await run('findscu', [
    '-W',
    '-v',
    '-aet',
    aet,
    '-aec',
    'RXPACS',
    '-X',
    '-od',
    answersDir,
    '127.0.0.1',
    String(listener.port),
    path.join(out, 'q.dcm'),
  ]);
  const answers: (Record<string, string> & { raw: string })[] = [];
  for (const f of (await readdir(answersDir)).sort()) {
    const file = path.join(answersDir, f);
    const dump = await run('dcmdump', ['+U8', file]);
    const declared = await run('dcmdump', ['+P', '0008,0005', file]);
    const a: Record<string, string> & { raw: string } = {
      raw: (await readFile(file)).toString('base64'),
      charset: /\[(.*?)\]/.exec(declared.out)?.[1] ?? '',
    };
    for (const l of dump.out.split('\n')) {
      const m = /^\s*(\([0-9a-f]{4},[0-9a-f]{4}\)) [A-Z]{2} (?:\[(.*?)\]|\(no value available\))/.exec(l);
      if (m && TAGS[m[1]!]) a[TAGS[m[1]!]!] = m[2] ?? '';
    }
    answers.push(a);
  }
  answers.sort((x, y) => (x.id ?? '').localeCompare(y.id ?? '') || (x.study ?? '').localeCompare(y.study ?? ''));
  return { code: r.code, out: r.out.slice(-600), answers };
}
const ids = (q: Awaited<ReturnType<typeof query>>) => q.answers.map((a) => a.id);

try {
  const all = await query('MR_HERE', {}, 'GB18030');
  const utf8 = await query('MR_HERE', { PatientName: '王*' }, 'ISO_IR 192');
  const gbName = await query('MR_HERE', { PatientName: '王小明' }, 'GB18030');
  const noCharsetAscii = await query('MR_HERE', { PatientID: 'MWL002' });
  const noCharsetCjk = await query('MR_HERE', { PatientID: 'MWL001' });
  const march = await query('MR_HERE', { ScheduledProcedureStepStartDate: '20260301-20260331' });
  const oneDay = await query('MR_HERE', { ScheduledProcedureStepStartDate: '20260401' });
  const openEnd = await query('MR_HERE', { ScheduledProcedureStepStartDate: '20260311-' });
  const mr = await query('MR_HERE', { Modality: 'MR' });
  const zhang = await query('MR_HERE', { PatientName: 'zhang*' });
  const si = await query('MR_HERE', { PatientName: '?四' }, 'GB18030');
  const accession = await query('MR_HERE', { AccessionNumber: 'ACCMWL3' });
  const station = await query('MR_HERE', { ScheduledStationAETitle: 'MR_HERE' });
  const otherStation = await query('MR_HERE', { ScheduledStationAETitle: 'CT_ELSE' });
  const there = await query('CT_THERE', {}, 'GB18030');
  const unknown = await query('NOBODY', {});
  const badDate = await query('MR_HERE', { ScheduledProcedureStepStartDate: '2026-03' });
  console.log(
    JSON.stringify({
      all,
      utf8,
      gbName,
      noCharsetAscii,
      noCharsetCjk,
      ids: {
        march: ids(march),
        oneDay: ids(oneDay),
        openEnd: ids(openEnd),
        mr: ids(mr),
        zhang: ids(zhang),
        si: ids(si),
        accession: ids(accession),
        station: ids(station),
        otherStation: ids(otherStation),
        there: ids(there),
      },
      there: there.answers.map((a) => a.name),
      unknown: { code: unknown.code, out: unknown.out, answers: unknown.answers.length },
      badDate: { code: badDate.code, out: badDate.out, answers: badDate.answers.length },
    }),
  );
} finally {
  await listener.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
