/**
 * Query/Retrieve against real dcmtk tools (findscu -S/-P, movescu, getscu, storescp) and Orthanc, all inside a
 * loopback-only network namespace with the platform: `unshare -n sh -c 'ip link set lo up; node --import tsx
 * <this file>'`. The platform (PGlite in memory, demo data) gets three studies through the upload API (two of
 * H001, one of H002) and devices of both hospitals; each peer's view is printed as one JSON line for
 * server/src/modules/dicom/qr-peers.test.ts to check.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../../server/src/bootstrap';
import { startDicomListener } from '../../server/src/modules/dicom/listener';
import { loadEnv } from '../../server/src/platform/core/env';
import { call, loginAs } from './api-client';
import { buildDicom, zipOf, type InstanceSpec } from './dicom-builder';
import { DCMTK_ENV, untilListening } from './dcmtk';
import { findscu, getscu, movescu, type Peer } from './qr-dcmtk';
import { resultOf, uploadDicom } from './image-upload';

const A = '1.2.826.0.1.3680043.8.498.34.1';
const B = '1.2.826.0.1.3680043.8.498.34.2';
const C = '1.2.826.0.1.3680043.8.498.34.3';
const PORTS = { storescp: 4351, orthancDicom: 4352, orthancHttp: 4353, storescpPlain: 4354 };

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-qr-'));
const env = loadEnv({ SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dir, OUTBOUND_ALLOW: '127.0.0.1/32' });
const platform = await bootstrap(env, { pgliteDir: 'memory://', webDir: '/nonexistent' });
const children: ChildProcess[] = [];

const ct = (s: Partial<InstanceSpec> & Pick<InstanceSpec, 'study' | 'series' | 'sop'>) =>
  buildDicom({ rows: 32, cols: 32, ...s });
/** Study A (H001): a GB18030 name, 4 CT instances (explicit and implicit VR) and one JPEG secondary capture. */
const studyA = [
  ...[1, 2, 3, 4].map((i) =>
    ct({
      study: A,
      series: `${A}.1`,
      sop: `${A}.1.${i}`,
      instanceNumber: i,
      syntax: i % 2 ? 'explicit' : 'implicit',
      charset: 'GB18030',
      patientName: 'Zhang^San=张^三',
      patientId: 'QR001',
      accession: 'ACCQR1',
      studyDate: '20260310',
      studyTime: '093000',
      studyDesc: '胸部CT',
      seriesDesc: 'Axial',
    }),
  ),
  buildDicom({
    study: A,
    series: `${A}.2`,
    sop: `${A}.2.1`,
    seriesNumber: 2,
    syntax: 'jpegBaseline',
    charset: 'GB18030',
    patientName: 'Zhang^San=张^三',
    patientId: 'QR001',
    accession: 'ACCQR1',
    studyDate: '20260310',
    studyTime: '093000',
  }),
];
/** Study B (H001): a UTF-8 name, two MR instances on another day. */
const studyB = [1, 2].map((i) =>
  ct({
    study: B,
    series: `${B}.1`,
    sop: `${B}.1.${i}`,
    instanceNumber: i,
    charset: 'ISO_IR 192',
    patientName: '李^四',
    patientId: 'QR002',
    accession: 'ACCQR2',
    modality: 'MR',
    studyDate: '20260402',
    studyTime: '141500',
  }),
);
/** Study C (H002): another hospital's. */
const studyC = [ct({ study: C, series: `${C}.1`, sop: `${C}.1.1`, patientName: 'Wang^Wu', patientId: 'QR003' })];

function start(cmd: string, args: string[]) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: DCMTK_ENV });
  let log = '';
  child.stderr!.on('data', (b: Buffer) => (log += b.toString()));
  child.on('exit', (code) => code && code !== 143 && process.stderr.write(`${cmd} exited ${code}: ${log}\n`));
  children.push(child);
}

/** Orthanc with the platform as its modality `rx`; Orthanc is itself a registered device of H001. */
async function startOrthanc(platformPort: number) {
  await writeFile(
    path.join(dir, 'orthanc.json'),
    JSON.stringify({
      Name: 'RXQR',
      HttpPort: PORTS.orthancHttp,
      DicomPort: PORTS.orthancDicom,
      DicomAet: 'ORTHANC_QR',
      RemoteAccessAllowed: false,
      AuthenticationEnabled: false,
      DefaultEncoding: 'Utf8',
      StorageDirectory: path.join(dir, 'orthanc-storage'),
      IndexDirectory: path.join(dir, 'orthanc-index'),
      DicomModalities: { rx: ['RXPACS', '127.0.0.1', platformPort] },
    }),
  );
  start('Orthanc', [path.join(dir, 'orthanc.json')]);
}

/** Orthanc's REST: a C-FIND through /modalities/rx/query at patient and study level, then C-MOVE of a study to itself. */
async function orthancScenarios() {
  const api = `http://127.0.0.1:${PORTS.orthancHttp}`;
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${api}${url}`, { method: 'POST', body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const answers = async (queryId: string) => {
    const list = (await (await fetch(`${api}/queries/${queryId}/answers`)).json()) as string[];
    const out: Record<string, string>[] = [];
    for (const i of list)
      out.push(
        (await (await fetch(`${api}/queries/${queryId}/answers/${i}/content?simplify`)).json()) as Record<
          string,
          string
        >,
      );
    return out;
  };
  const patients = await post('/modalities/rx/query', {
    Level: 'Patient',
    Query: { PatientName: '李*', PatientID: '' },
  });
  const studies = await post('/modalities/rx/query', {
    Level: 'Study',
    Query: { PatientID: 'QR001', PatientName: '', StudyDescription: '', ModalitiesInStudy: '' },
  });
  const studyQuery = String(studies.body.ID);
  const retrieve = await fetch(`${api}/queries/${studyQuery}/answers/0/retrieve`, {
    method: 'POST',
    body: 'ORTHANC_QR',
  });
  const instances = (await (await fetch(`${api}/instances`)).json()) as string[];
  return {
    patients: await answers(String(patients.body.ID)),
    studies: await answers(studyQuery),
    retrieveStatus: retrieve.status,
    instances: instances.length,
  };
}

const ids = (q: { answers: Record<string, string>[] }, key = 'PatientID') => q.answers.map((a) => a[key] ?? '');

/** Every query and retrieve the test checks, against the platform (and storescp as a move destination). */
async function scenarios(peer: Peer, scpDir: string, plainDir: string) {
  const S = '-S' as const;
  const P = '-P' as const;
  const studyKeys = {
    StudyInstanceUID: '',
    PatientID: '',
    StudyDate: '',
    StudyTime: '',
    AccessionNumber: '',
    ModalitiesInStudy: '',
    NumberOfStudyRelatedSeries: '',
    NumberOfStudyRelatedInstances: '',
    StudyDescription: '',
  };
  const gbStudy = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'STUDY',
    charset: 'GB18030',
    keys: { ...studyKeys, PatientName: '张^三' },
  });
  const allHere = await findscu(peer, 'QR_HERE', { model: S, level: 'STUDY', keys: { PatientID: 'QR*' } });
  const allThere = await findscu(peer, 'QR_THERE', { model: S, level: 'STUDY', keys: { PatientID: 'QR*' } });
  const april = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'STUDY',
    keys: { PatientID: 'QR*', StudyDate: '20260401-20260430' },
  });
  const morning = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'STUDY',
    keys: { PatientID: 'QR*', StudyTime: '0900-1000' },
  });
  const uidList = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'STUDY',
    keys: { StudyInstanceUID: `${A}\\${C}`, PatientID: '' },
  });
  const series = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'SERIES',
    keys: {
      StudyInstanceUID: A,
      SeriesInstanceUID: '',
      Modality: '',
      SeriesNumber: '',
      NumberOfSeriesRelatedInstances: '',
    },
  });
  const images = await findscu(peer, 'QR_HERE', {
    model: S,
    level: 'IMAGE',
    keys: { StudyInstanceUID: A, SeriesInstanceUID: `${A}.1`, SOPInstanceUID: '', InstanceNumber: '', SOPClassUID: '' },
  });
  const patients = await findscu(peer, 'QR_HERE', {
    model: P,
    level: 'PATIENT',
    charset: 'ISO_IR 192',
    keys: {
      PatientName: '*',
      PatientID: 'QR*',
      NumberOfPatientRelatedStudies: '',
      NumberOfPatientRelatedInstances: '',
    },
  });
  const patientByName = await findscu(peer, 'QR_HERE', {
    model: P,
    level: 'PATIENT',
    charset: 'ISO_IR 192',
    keys: { PatientName: '李*', PatientID: '' },
  });
  const patientStudies = await findscu(peer, 'QR_HERE', {
    model: P,
    level: 'STUDY',
    keys: { PatientID: 'QR001', StudyInstanceUID: '', AccessionNumber: '' },
  });
  const studyRootPatient = await findscu(peer, 'QR_HERE', { model: S, level: 'PATIENT', keys: { PatientID: '' } });

  const moveStudy = { model: S, level: 'STUDY', keys: { StudyInstanceUID: A } };
  const moved = await movescu(peer, 'QR_HERE', 'STORESCP', moveStudy);
  const movedFiles = (await readdir(scpDir)).length;
  const moveSeries = await movescu(peer, 'QR_HERE', 'STORESCP', {
    model: S,
    level: 'SERIES',
    keys: { StudyInstanceUID: B, SeriesInstanceUID: `${B}.1` },
  });
  const movedAfterSeries = (await readdir(scpDir)).length;
  const moveUnknown = await movescu(peer, 'QR_HERE', 'NOBODY', moveStudy);
  const moveOtherHospital = await movescu(peer, 'QR_THERE', 'STORESCP', moveStudy);
  const moveOtherStudy = await movescu(peer, 'QR_THERE', 'QR_THERE', moveStudy);
  const movedAtEnd = (await readdir(scpDir)).length;
  const movePlain = await movescu(peer, 'QR_HERE', 'STORESCP_U', moveStudy);
  const plainFiles = (await readdir(plainDir)).length;

  const got = await getscu(peer, 'QR_HERE', moveStudy);
  const gotPatient = await getscu(peer, 'QR_HERE', { model: P, level: 'PATIENT', keys: { PatientID: 'QR002' } });
  const gotThere = await getscu(peer, 'QR_THERE', moveStudy);
  return {
    gbStudy,
    ids: {
      allHere: ids(allHere),
      allThere: ids(allThere),
      april: ids(april),
      morning: ids(morning),
      uidList: ids(uidList),
      patientByName: ids(patientByName),
      patientStudies: ids(patientStudies, 'StudyInstanceUID'),
    },
    series,
    images,
    patients,
    studyRootPatient: {
      code: studyRootPatient.code,
      out: studyRootPatient.out,
      answers: studyRootPatient.answers.length,
    },
    moved: { ...moved, files: movedFiles },
    moveSeries: { ...moveSeries, files: movedAfterSeries },
    moveUnknown,
    moveOtherHospital,
    moveOtherStudy,
    movedAtEnd,
    movePlain: { ...movePlain, files: plainFiles },
    got,
    gotPatient,
    gotThere,
  };
}

try {
  const admin = await loginAs(platform.app, 'admin', 'Admin@123');
  const upload = async (files: Buffer[], hospital_code: string) => {
    const zip = await zipOf(files.map((data, i) => ({ name: `F${i}.dcm`, data })));
    const up = await uploadDicom(platform.app, { token: admin, files: [{ name: 'f.zip', data: zip }], hospital_code });
    if (resultOf(up).data.uploaded !== files.length) throw new Error(JSON.stringify(up.lines.at(-1)));
  };
  await upload([...studyA, ...studyB], 'H001');
  await upload(studyC, 'H002');
  const save = async (aet: string, port: number, hospital_code: string) => {
    const r = await call(platform.app, 'POST', '/device/saveAet', {
      token: admin,
      json: { name: aet, aet, ip: '127.0.0.1', port, hospital_code },
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  };
  await save('QR_HERE', 11112, 'H001');
  await save('QR_THERE', 11113, 'H002');
  await save('STORESCP', PORTS.storescp, 'H001');
  await save('ORTHANC_QR', PORTS.orthancDicom, 'H001');
  await save('STORESCP_U', PORTS.storescpPlain, 'H001');
  const listener = await startDicomListener(platform.deps, {
    port: 0,
    host: '127.0.0.1',
    aet: 'RXPACS',
    receiveLogBytes: 0,
  });
  const peer = { dir, port: listener.port, calledAet: 'RXPACS' };
  const scpDir = path.join(dir, 'storescp');
  const plainDir = path.join(dir, 'storescp-plain');
  await mkdir(scpDir);
  await mkdir(plainDir);
  // storescp taking every syntax it knows (JPEG too), and one taking uncompressed syntaxes only.
  start('storescp', ['+xa', '-od', scpDir, '-aet', 'STORESCP', String(PORTS.storescp)]);
  start('storescp', ['-od', plainDir, '-aet', 'STORESCP_U', String(PORTS.storescpPlain)]);
  await startOrthanc(listener.port);
  await Promise.all([PORTS.storescp, PORTS.storescpPlain, PORTS.orthancDicom, PORTS.orthancHttp].map(untilListening));
  const dcmtk = await scenarios(peer, scpDir, plainDir);
  console.log(JSON.stringify({ ...dcmtk, orthanc: await orthancScenarios() }));
  await listener.close();
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
