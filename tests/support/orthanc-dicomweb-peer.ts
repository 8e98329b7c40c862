/**
 * Orthanc's DICOMweb client against our /dicomweb, run inside a loopback-only network namespace (Orthanc
 * cannot bind to 127.0.0.1 alone): `unshare -n sh -c 'ip link set lo up; node --import tsx <this file>'`.
 * Serves the platform (PGlite in memory, demo data, images uploaded here) on 127.0.0.1, starts Orthanc with
 * the DICOMweb plugin pointed at it with a doctor's session as the Bearer header, lets Orthanc query
 * (QIDO-RS), read metadata and retrieve (WADO-RS) a study, then send one of its own to the platform by STOW-RS
 * (report doctors are granted the upload permission here, as image-platform.ts does; the auditor's session has
 * none), and prints what each side got as one JSON line.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../../server/src/bootstrap';
import { loadEnv } from '../../server/src/platform/core/env';
import { loginAs } from './api-client';
import { buildDicom, zipOf } from './dicom-builder';
import { resultOf, uploadDicom } from './image-upload';
import { pixelDicom, words } from './pixel-dicom';

const PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';
const STUDY = '1.2.826.0.1.3680043.8.498.88.1';
/** The study Orthanc holds and sends to the platform by STOW-RS. */
const STOW_STUDY = '1.2.826.0.1.3680043.8.498.88.2';
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-orthanc-'));
const env = loadEnv({ SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dir });
const platform = await bootstrap(env, { pgliteDir: 'memory://', webDir: '/nonexistent' });
const files = [
  pixelDicom({
    study: STUDY,
    series: `${STUDY}.1`,
    sop: `${STUDY}.1.1`,
    rows: 32,
    cols: 32,
    pixels: words(Array.from({ length: 1024 }, (_, i) => i)),
    charset: 'GB18030',
    patientName: 'Wang^Wu=王^五',
    patientId: 'ORTHANC1',
  }),
  buildDicom({
    study: STUDY,
    series: `${STUDY}.2`,
    sop: `${STUDY}.2.1`,
    syntax: 'jpegBaseline',
    patientId: 'ORTHANC1',
  }),
];
const admin = await loginAs(platform.app, 'admin', 'Admin@123');
const up = await uploadDicom(platform.app, {
  token: admin,
  files: [{ name: 'o.zip', data: await zipOf(files.map((data, i) => ({ name: `F${i}`, data }))) }],
  hospital_code: 'H001',
});
if (resultOf(up).data.uploaded !== 2) throw new Error(JSON.stringify(up));
await platform.deps.db.execute(sql`
  insert into role_permission (role_pk, permission_pk)
  select r.pk, pm.pk from role r, permission pm where r.code = 'report_doctor' and pm.perms = 'pacsOrder:uploadZip'
  on conflict do nothing`);
const doctor = await loginAs(platform.app, 'doctor', 'Doctor@123');
const auditor = await loginAs(platform.app, 'auditor', 'Audit@123');
const doctor2 = await loginAs(platform.app, 'doctor2', 'Doctor@123');

const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const port = (server.address() as { port: number }).port;

const httpPort = 18000 + Math.floor(Math.random() * 1000);
const url = `http://127.0.0.1:${port}/dicomweb/`;
await writeFile(
  path.join(dir, 'orthanc.json'),
  JSON.stringify({
    Name: 'RXTEST',
    HttpPort: httpPort,
    DicomPort: httpPort + 1000,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
    Plugins: [PLUGIN],
    DicomWeb: {
      Enable: true,
      Root: '/dicom-web/',
      Servers: {
        rx: { Url: url, HttpHeaders: { Authorization: `Bearer ${doctor}` } },
        rx2: { Url: url, HttpHeaders: { Authorization: `Bearer ${doctor2}` } },
        rxaudit: { Url: url, HttpHeaders: { Authorization: `Bearer ${auditor}` } },
      },
    },
  }),
);
const orthanc = spawn('Orthanc', [path.join(dir, 'orthanc.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
let orthancLog = '';
orthanc.stderr.on('data', (b: Buffer) => (orthancLog += b.toString()));
const api = `http://127.0.0.1:${httpPort}`;
const post = async (p: string, body: unknown) => {
  const r = await fetch(`${api}${p}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: r.status, text: await r.text() };
};

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${api}/system`).catch(() => null))?.ok) break;
    if (i > 100) throw new Error(`Orthanc did not start: ${orthancLog.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const qido = await post('/dicom-web/servers/rx/qido', { Uri: '/studies', Arguments: { PatientID: 'ORTH*' } });
  const qidoOther = await post('/dicom-web/servers/rx2/qido', { Uri: '/studies', Arguments: { PatientID: 'ORTH*' } });
  const meta = await post('/dicom-web/servers/rx/get', { Uri: `/studies/${STUDY}/series/${STUDY}.1/metadata` });
  const retrieve = await post('/dicom-web/servers/rx/retrieve', { Resources: [{ Study: STUDY }] });
  const ids = (await (await fetch(`${api}/instances`)).json()) as string[];
  const stored: string[] = [];
  for (const id of ids) stored.push(md5(Buffer.from(await (await fetch(`${api}/instances/${id}/file`)).arrayBuffer())));
  const stowSent = pixelDicom({
    study: STOW_STUDY,
    series: `${STOW_STUDY}.1`,
    sop: `${STOW_STUDY}.1.1`,
    rows: 16,
    cols: 16,
    pixels: words(Array.from({ length: 256 }, (_, i) => i * 7)),
    charset: 'GB18030',
    patientName: 'Li^Si=李^四',
    patientId: 'ORTHANC2',
  });
  const held = (await (await fetch(`${api}/instances`, { method: 'POST', body: new Uint8Array(stowSent) })).json()) as {
    ParentStudy: string;
  };
  const stowRefused = await post('/dicom-web/servers/rxaudit/stow', { Resources: [held.ParentStudy] });
  const stow = await post('/dicom-web/servers/rx/stow', { Resources: [held.ParentStudy] });
  const wado = new URLSearchParams({
    requestType: 'WADO',
    contentType: 'application/dicom',
    studyUID: STOW_STUDY,
    seriesUID: `${STOW_STUDY}.1`,
    objectUID: `${STOW_STUDY}.1.1`,
  });
  const back = await platform.app.request(`/wado?${wado}`, { headers: { authorization: `Bearer ${admin}` } });
  const [row] = (
    (await platform.deps.db.execute(
      sql`select hospital_code, patient_pn from study where study_iuid = ${STOW_STUDY}`,
    )) as unknown as { rows: { hospital_code: string; patient_pn: string }[] }
  ).rows;
  console.log(
    JSON.stringify({
      qido: { status: qido.status, body: JSON.parse(qido.text) as unknown },
      qidoOther: { status: qidoOther.status, body: JSON.parse(qidoOther.text) as unknown },
      meta: { status: meta.status, body: JSON.parse(meta.text) as unknown },
      retrieve: { status: retrieve.status, body: retrieve.text },
      stored: stored.sort(),
      sent: files.map(md5).sort(),
      stow: { status: stow.status, body: stow.text, refused: stowRefused.status },
      stowed: { status: back.status, md5: md5(Buffer.from(await back.arrayBuffer())), study: row ?? null },
      stowSent: md5(stowSent),
    }),
  );
} finally {
  orthanc.kill('SIGTERM');
  await new Promise((r) => orthanc.once('exit', r));
  server.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
