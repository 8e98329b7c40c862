/**
 * dcmtk's storescu and echoscu against the platform's DICOM listener, inside a loopback-only network
 * namespace: `unshare -n sh -c 'ip link set lo up; node --import tsx <this file>'`. The platform (PGlite in
 * memory, demo data, devices registered here) listens on 127.0.0.1; every exchange is run and what came of
 * it printed as one JSON line for server/src/modules/dicom/dicom-scp.test.ts to check.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { bootstrap } from '../../server/src/bootstrap';
import { auditLog, device, instance, study, sysConfig } from '../../server/src/platform/db/schema';
import { startDicomListener } from '../../server/src/modules/dicom/listener';
import { ReceivedLog } from '../../server/src/modules/dicom/received-log';
import { LOCK_FILE } from '../../server/src/platform/core/data-dir-lock';
import { loadEnv } from '../../server/src/platform/core/env';
import { buildDicom, TINY_JPEG } from './dicom-builder';
import { ctStudy, run } from './dcmtk';

const CT = '1.2.826.0.1.3680043.8.498.12.1';
const FAR = '1.2.826.0.1.3680043.8.498.12.2';
const JPEG = '1.2.826.0.1.3680043.8.498.12.3';
const BAD = '1.2.826.0.1.3680043.8.498.12.4';
const BIG = '1.2.826.0.1.3680043.8.498.12.5';
const LARGE = '1.2.826.0.1.3680043.8.498.12.6';

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-dicom-scp-'));
const platform = await bootstrap(loadEnv({ SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dir }), {
  pgliteDir: 'memory://',
  webDir: '/nonexistent',
});
const { db, images } = platform.deps;
await db.insert(device).values([
  { name: 'CT here', aet: 'CT_HERE', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H001' },
  { name: 'CT far', aet: 'CT_FAR', modality: 'CT', ip: '10.20.30.40', port: 104, hospital_code: 'H002' },
  { name: 'CT off', aet: 'CT_OFF', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H001', status: 0 },
]);
const listener = await startDicomListener(platform.deps, {
  port: 0,
  host: '127.0.0.1',
  aet: 'RXPACS',
  receiveLogBytes: 32 << 20,
});
const port = String(listener.port);
/** storescu, then the archive's index catches up (acknowledged instances are indexed in the background). */
const store = async (aet: string, files: string[], extra: string[] = [], aec = 'RXPACS') => {
  const r = await run('storescu', ['-aet', aet, '-aec', aec, ...extra, '127.0.0.1', port, ...files]);
  await listener.settled();
  return r;
};
const echo = (aet: string, aec = 'RXPACS') => run('echoscu', ['-aet', aet, '-aec', aec, '127.0.0.1', port]);
const studyOf = async (uid: string) =>
  (
    await db
      .select({
        pk: study.pk,
        hospital_code: study.hospital_code,
        patient_name: study.patient_name,
        patient_id: study.patient_id,
        file_count: study.file_count,
      })
      .from(study)
      .where(eq(study.study_iuid, uid))
  )[0] ?? null;
const setAcceptAny = async (v: 'Y' | 'N') => {
  await db.update(sysConfig).set({ value: v }).where(eq(sysConfig.name, 'dicom_accept_any'));
  listener.policy.forget();
};
const stagedLeft = async () => (await readdir(images.stagingDir)).filter((f) => f.startsWith('dimse-'));
/** The data set after the file meta group: what the peer sent, as stored. */
const dataSetBytes = (b: Buffer) => b.subarray(144 + b.readUInt32LE(140));
const storedBytes = async (uid: string) => {
  const [row] = await db.select({ key: instance.storage_key }).from(instance).where(eq(instance.sop_iuid, uid));
  const got = row && (await images.get(row.key));
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const c of got.body as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
};

try {
  const out: Record<string, unknown> = {};
  out.echo = await echo('CT_HERE');
  out.echoUnknown = await echo('NOBODY');
  out.echoCalledWrong = await echo('CT_HERE', 'SOMEONE');
  out.echoInactive = await echo('CT_OFF');

  const ctDir = await mkdtemp(path.join(dir, 'ct-'));
  const files = await ctStudy(ctDir, 300, { study: CT, patientName: 'Zhang^San=张^三', patientId: 'DIMSE300' });
  out.unknownStore = await store('NOBODY', files.slice(0, 2));
  out.afterUnknown = await studyOf(CT);
  const farFiles = await ctStudy(await mkdtemp(path.join(dir, 'far-')), 2, {
    study: FAR,
    patientName: 'Li^Si=李^四',
    patientId: 'FAR1',
  });
  out.farStore = await store('CT_FAR', farFiles);
  out.afterFar = await studyOf(FAR);

  out.store300 = await store('CT_HERE', files);
  out.study300 = await studyOf(CT);
  out.audit300 = [
    ...new Set(
      (
        await db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `study:${(await studyOf(CT))?.pk}`))
      ).map((a) => `${a.action} ${a.username}`),
    ),
  ];
  out.again = await store('CT_HERE', files.slice(0, 3));
  out.study300again = await studyOf(CT);
  const first = await storedBytes(`${CT}.1.1`);
  out.sameBytes = !!first && dataSetBytes(first).equals(dataSetBytes(await readFile(files[0]!)));

  // img2dcm wraps a baseline JPEG as is: stored as received (JPEG baseline, the same fragment)
  await writeFile(path.join(dir, 'g.jpg'), TINY_JPEG);
  const jpegFile = path.join(dir, 'g.dcm');
  out.img2dcm = await run('img2dcm', [
    path.join(dir, 'g.jpg'),
    jpegFile,
    '-k',
    `StudyInstanceUID=${JPEG}`,
    '-k',
    `SeriesInstanceUID=${JPEG}.1`,
    '-k',
    `SOPInstanceUID=${JPEG}.1.1`,
    '-k',
    'PatientID=JPEG1',
    '-k',
    'PatientName=Jpeg^Test',
  ]);
  out.jpegStore = await store('CT_HERE', [jpegFile], ['-xy']);
  const jpegStored = await storedBytes(`${JPEG}.1.1`);
  const jpegSent = await readFile(jpegFile);
  out.jpeg = {
    syntax: (
      await db
        .select()
        .from(instance)
        .where(eq(instance.sop_iuid, `${JPEG}.1.1`))
    )[0]?.transfer_syntax,
    same: !!jpegStored && dataSetBytes(jpegStored).equals(dataSetBytes(jpegSent)),
  };

  // no Study Instance UID: dcmtk sends it, the archive cannot file it
  const badFile = path.join(dir, 'bad.dcm');
  await writeFile(badFile, buildDicom({ study: BAD, series: `${BAD}.1`, sop: `${BAD}.1.1`, patientId: 'BAD1' }));
  await run('dcmodify', ['-nb', '-ea', '(0020,000D)', badFile]);
  out.badStore = await store('CT_HERE', [badFile], ['-v']);
  out.badRows = (
    await db
      .select()
      .from(instance)
      .where(eq(instance.sop_iuid, `${BAD}.1.1`))
  ).length;

  // larger than what is held in memory (8 MiB): streamed to a staging file, queued as a file, indexed the same
  const largeFile = path.join(dir, 'large.dcm');
  await writeFile(
    largeFile,
    buildDicom({ study: LARGE, series: `${LARGE}.1`, sop: `${LARGE}.1.1`, rows: 2100, cols: 2100, patientId: 'LRG1' }),
  );
  out.largeStore = await store('CT_HERE', [largeFile]);
  const largeStored = await storedBytes(`${LARGE}.1.1`);
  out.largeSame = !!largeStored && dataSetBytes(largeStored).equals(dataSetBytes(await readFile(largeFile)));

  // the sender dies mid-instance: nothing staged is left behind
  const bigFile = path.join(dir, 'big.dcm');
  await writeFile(
    bigFile,
    buildDicom({ study: BIG, series: `${BIG}.1`, sop: `${BIG}.1.1`, rows: 4096, cols: 4096, patientId: 'BIG1' }),
  );
  out.killed = await run('storescu', ['-aet', 'CT_HERE', '-aec', 'RXPACS', '-xs', '127.0.0.1', port, bigFile], {
    killAfterMs: 30,
  });

  await setAcceptAny('Y');
  out.anyEcho = await echo('NOBODY');
  out.anyStoreUnknown = await store('NOBODY', files.slice(0, 1), ['-v']);
  out.anyFar = await store('CT_FAR', farFiles);
  out.afterAnyFar = await studyOf(FAR);
  out.anyCalledWrong = await echo('NOBODY', 'SOMEONE');
  await setAcceptAny('N');
  out.backToStrict = await echo('NOBODY');

  await new Promise((r) => setTimeout(r, 300));
  out.stagedLeft = await stagedLeft();
  // everything acknowledged was indexed, everything refused was never queued
  // the listener's own lock aside: what is still waiting to be indexed
  out.receivedLeft = (await readdir(path.join(images.stagingDir, '..', '.received'))).filter((n) => n !== LOCK_FILE);
  const log = new ReceivedLog(path.join(images.stagingDir, '..', '.received-log'));
  out.loggedLeft = (await log.init()).length;
  await log.close();
  out.logSize = (await stat(path.join(images.stagingDir, '..', '.received-log', 'log'))).size;
  console.log(JSON.stringify(out));
} finally {
  await listener.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
