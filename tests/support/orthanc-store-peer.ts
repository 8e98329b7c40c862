/**
 * The platform with IMAGE_STORE=orthanc against a real Orthanc, inside a loopback-only network namespace
 * (Orthanc cannot bind to 127.0.0.1 alone): `unshare -n sh -c 'ip link set lo up; node --import tsx <this>'`.
 * Orthanc requires a user and password (the platform's ORTHANC_USERNAME/PASSWORD). Uploads a zip through
 * the platform, reads it back through WADO, DICOMweb and the renderer, uploads it again, deletes and restores
 * an image, adds a patient attachment, then stops Orthanc and tries again; prints what it saw as one JSON line.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { bootstrap } from '../../server/src/bootstrap';
import { device, instance, series, study } from '../../server/src/platform/db/schema';
import { startDicomListener } from '../../server/src/modules/dicom/listener';
import { loadEnv } from '../../server/src/platform/core/env';
import { call, loginAs } from './api-client';
import { ctStudy, run } from './dcmtk';
import { buildDicom, TINY_JPEG, zipOf } from './dicom-builder';
import { resultOf, uploadDicom } from './image-upload';
import { pixelDicom, words } from './pixel-dicom';

const STUDY = '1.2.826.0.1.3680043.8.498.89.1';
const LATE = '1.2.826.0.1.3680043.8.498.89.2';
const SENT = '1.2.826.0.1.3680043.8.498.89.3';
const md5 = (b: Buffer | ArrayBuffer) =>
  createHash('md5')
    .update(Buffer.from(b as ArrayBuffer))
    .digest('hex');
const USER = 'rxpacs';
const PASSWORD = 'orthanc-Secret-9';

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-orthanc-store-'));
const httpPort = 19000 + Math.floor(Math.random() * 1000);
const api = `http://127.0.0.1:${httpPort}`;
await writeFile(
  path.join(dir, 'orthanc.json'),
  JSON.stringify({
    Name: 'RXSTORE',
    HttpPort: httpPort,
    DicomPort: httpPort + 1000,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: true,
    RegisteredUsers: { [USER]: PASSWORD },
    // As the Debian package ships it (/etc/orthanc/orthanc.json): gzip and deflate answers.
    HttpCompressionEnabled: true,
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
  }),
);
const orthanc = spawn('Orthanc', [path.join(dir, 'orthanc.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
let orthancLog = '';
orthanc.stderr.on('data', (b: Buffer) => (orthancLog += b.toString()));
const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const orthancGet = async (p: string) =>
  (await fetch(`${api}${p}`, { headers: { authorization } })).json() as Promise<unknown>;

const env = loadEnv({
  SEED: 'demo',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  IMAGE_STORE: 'orthanc',
  ORTHANC_URL: api,
  ORTHANC_USERNAME: USER,
  ORTHANC_PASSWORD: PASSWORD,
});
const platform = await bootstrap(env, { pgliteDir: 'memory://', webDir: '/nonexistent' });
const app = platform.app;

const files = [
  pixelDicom({
    study: STUDY,
    series: `${STUDY}.1`,
    sop: `${STUDY}.1.1`,
    rows: 32,
    cols: 32,
    pixels: words(Array.from({ length: 1024 }, (_, i) => i)),
    charset: 'GB18030',
    patientName: 'Li^Si=李^四',
    patientId: 'ORTHSTORE1',
  }),
  buildDicom({ study: STUDY, series: `${STUDY}.1`, sop: `${STUDY}.1.2`, patientId: 'ORTHSTORE1', rows: 16, cols: 16 }),
  buildDicom({
    study: STUDY,
    series: `${STUDY}.2`,
    sop: `${STUDY}.2.1`,
    syntax: 'jpegBaseline',
    patientId: 'ORTHSTORE1',
  }),
];
const sops = [`${STUDY}.1.1`, `${STUDY}.1.2`, `${STUDY}.2.1`];
const seriesOf = [`${STUDY}.1`, `${STUDY}.1`, `${STUDY}.2`];
const zip = await zipOf(files.map((data, i) => ({ name: `F${i}.dcm`, data })));

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${api}/system`, { headers: { authorization } }).catch(() => null))?.ok) break;
    if (i > 100) throw new Error(`Orthanc did not start: ${orthancLog.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const admin = await loginAs(app, 'admin', 'Admin@123');
  const doctor = await loginAs(app, 'doctor', 'Doctor@123');
  const first = resultOf(
    await uploadDicom(app, { token: admin, files: [{ name: 'o.zip', data: zip }], hospital_code: 'H001' }),
  );
  const inOrthanc = (await orthancGet('/instances')) as string[];
  const orthancBytes: string[] = [];
  for (const id of inOrthanc) {
    orthancBytes.push(
      md5(await (await fetch(`${api}/instances/${id}/file`, { headers: { authorization } })).arrayBuffer()),
    );
  }
  const wado = (i: number, extra = '&contentType=application/dicom') =>
    app.request(`/wado?requestType=WADO&studyUID=${STUDY}&seriesUID=${seriesOf[i]}&objectUID=${sops[i]}${extra}`, {
      headers: { authorization: `Bearer ${doctor}` },
    });
  const wadoBytes: string[] = [];
  // What an HTTP client would get: the body cut at the Content-Length the answer declares.
  const wadoDeclared: string[] = [];
  for (let i = 0; i < files.length; i++) {
    const res = await wado(i);
    const body = Buffer.from(await res.arrayBuffer());
    wadoBytes.push(md5(body));
    wadoDeclared.push(md5(body.subarray(0, Number(res.headers.get('content-length') ?? body.length))));
  }
  const rendered = await wado(0, '&contentType=image/jpeg');
  const renderedType = rendered.headers.get('content-type');
  await rendered.arrayBuffer();
  const dicomweb = await app.request(`/dicomweb/studies/${STUDY}`, { headers: { authorization: `Bearer ${doctor}` } });
  const dicomwebBody = Buffer.from(await dicomweb.arrayBuffer());
  const dicomwebHasAll = files.every((f) => dicomwebBody.includes(f.subarray(132)));
  const list = await call(app, 'POST', '/wado/getDicomList', { token: doctor, json: { study_iuid: STUDY } });

  const again = resultOf(
    await uploadDicom(app, { token: admin, files: [{ name: 'o.zip', data: zip }], hospital_code: 'H001' }),
  );
  const afterAgain = ((await orthancGet('/instances')) as string[]).length;

  const del = await call(app, 'POST', '/wado/deleteImage', {
    token: admin,
    json: { study_iuid: STUDY, sop_iuids: sops[1] },
  });
  const deletedWado = (await wado(1)).status;
  const afterDelete = ((await orthancGet('/instances')) as string[]).length;
  const restore = await call(app, 'POST', '/wado/restoreImage', {
    token: admin,
    json: { study_iuid: STUDY, sop_iuids: sops[1] },
  });
  const restoredWado = md5(await (await wado(1)).arrayBuffer());

  // A patient attachment is not DICOM: it stays in DATA_DIR/images/files, Orthanc never sees it.
  const form = new FormData();
  form.set('study_iuid', STUDY);
  form.set('file', new Blob([new Uint8Array(TINY_JPEG)]), 'photo.jpg');
  const attach = await app.request('/UploadDicom/uploadPatFile', {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const attachment = ((await attach.json()) as { data: { pk: number } }).data;
  const shown = await app.request(`/UploadDicom/showFile?pk=${attachment.pk}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const shownBytes = md5(await shown.arrayBuffer());
  const localFiles = await readdir(path.join(dir, 'images', 'files', STUDY));
  const afterAttach = ((await orthancGet('/instances')) as string[]).length;
  const storeList: string[] = [];
  for await (const o of platform.deps.images.list(`${STUDY}/`)) storeList.push(o.key);

  // A modality's C-STORE into the platform's listener lands in Orthanc too.
  await platform.deps.db
    .insert(device)
    .values({ name: 'CT', aet: 'CT_ORTHANC', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H001' });
  const listener = await startDicomListener(platform.deps, {
    port: 0,
    host: '127.0.0.1',
    aet: 'RXPACS',
    receiveLogBytes: 16 << 20,
  });
  const sentFiles = await ctStudy(await mkdtemp(path.join(dir, 'ct-')), 3, {
    study: SENT,
    patientName: 'Wang^Wu=王^五',
    patientId: 'ORTHSTORE3',
  });
  const storescu = await run('storescu', [
    '-aet',
    'CT_ORTHANC',
    '-aec',
    'RXPACS',
    '127.0.0.1',
    String(listener.port),
    ...sentFiles,
  ]);
  await listener.settled();
  await listener.close();
  const afterStorescu = ((await orthancGet('/instances')) as string[]).length;
  const sentRows = await platform.deps.db
    .select({ file_count: study.file_count, patient_name: study.patient_name })
    .from(study)
    .where(eq(study.study_iuid, SENT));

  // A patient registered twice made one: the C-STOREd study takes the first patient's ID. Its images are written
  // again under revision keys (same UIDs, another PatientID: new Orthanc instances) and the old ones removed by
  // the IDs remembered, so Orthanc holds each once, under one patient, and WADO serves the rewritten bytes.
  const merge = await call(app, 'POST', '/api/imageEdit/mergePatient', {
    token: admin,
    json: { study_iuid: SENT, to_study_iuid: STUDY },
  });
  const afterMerge = ((await orthancGet('/instances')) as string[]).length;
  const orthancPatients = ((await orthancGet('/patients')) as string[]).length;
  const mergedRows = await platform.deps.db
    .select({ key: instance.storage_key, sop: instance.sop_iuid, series: series.series_iuid })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(eq(study.study_iuid, SENT));
  const mergedWado: string[] = [];
  for (const r of mergedRows) {
    const res = await app.request(
      `/wado?requestType=WADO&studyUID=${SENT}&seriesUID=${r.series}&objectUID=${r.sop}&contentType=application/dicom`,
      { headers: { authorization: `Bearer ${doctor}` } },
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    mergedWado.push(
      `${res.status} ${bytes.includes('ORTHSTORE1')} ${bytes.includes('ORTHSTORE3')} ${/\/1\/[0-9.]+\.dcm$/.test(r.key)}`,
    );
  }

  // Orthanc stops: a new upload is refused with a named reason and writes nothing; reads say the store is away.
  orthanc.kill('SIGTERM');
  await new Promise((r) => orthanc.once('exit', r));
  const down = await uploadDicom(app, {
    token: admin,
    lang: 'zh-CN',
    files: [
      {
        name: 'late.dcm',
        data: buildDicom({ study: LATE, series: `${LATE}.1`, sop: `${LATE}.1.1`, patientId: 'ORTHSTORE2' }),
      },
    ],
    hospital_code: 'H001',
  });
  const lateRows = await platform.deps.db.select({ pk: study.pk }).from(study).where(eq(study.study_iuid, LATE));
  const lateInstances = await platform.deps.db
    .select({ pk: instance.pk })
    .from(instance)
    .where(eq(instance.sop_iuid, `${LATE}.1.1`));
  const downWado = await wado(0);
  const downWadoBody = (await downWado.json()) as { msg: string; error: string };

  console.log(
    JSON.stringify({
      first: first.data,
      inOrthanc: inOrthanc.length,
      orthancBytes: orthancBytes.sort(),
      sent: files.map(md5).sort(),
      wadoBytes,
      wadoDeclared,
      sentInOrder: files.map(md5),
      rendered: { status: rendered.status, type: renderedType },
      dicomweb: { status: dicomweb.status, hasAll: dicomwebHasAll },
      listed: (list.body.data as { series: { instances: unknown[] }[] }).series.flatMap((s) => s.instances).length,
      again: again.data,
      afterAgain,
      del: del.status,
      deletedWado,
      afterDelete,
      restore: restore.status,
      restoredWado,
      attach: {
        status: attach.status,
        shown: shown.status,
        same: shownBytes === md5(TINY_JPEG),
        localFiles: localFiles.length,
      },
      afterAttach,
      storeList: storeList.sort(),
      storescu: storescu.code,
      afterStorescu,
      sentRows,
      merge: merge.status,
      afterMerge,
      orthancPatients,
      mergedWado,
      down: { status: down.status, result: resultOf(down) },
      lateRows: lateRows.length,
      lateInstances: lateInstances.length,
      downWado: { status: downWado.status, ...downWadoBody },
    }),
  );
} finally {
  if (orthanc.exitCode === null) {
    orthanc.kill('SIGTERM');
    await new Promise((r) => orthanc.once('exit', r));
  }
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
