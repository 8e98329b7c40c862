/**
 * Forwarding to real DICOM peers, run inside a loopback-only network namespace (dcmtk's storescp and
 * Orthanc cannot bind to 127.0.0.1 alone): `unshare -n sh -c 'ip link set lo up; node --import tsx <this file>'`.
 * The platform (PGlite in memory, demo data) gets a study uploaded through the API (30 CT instances, one
 * with a GB18030 name, and a JPEG baseline one); storescp (taking JPEG), a second storescp (uncompressed
 * only) and Orthanc are registered as devices of H001; the study is forwarded to each; refused requests
 * are made against TCP listeners that count connections; C-ECHO against storescp and a closed port.
 * Prints what each peer holds as one JSON line (data-set digests, meta header left out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../../server/src/bootstrap';
import { loadEnv } from '../../server/src/platform/core/env';
import { call, loginAs } from './api-client';
import { untilListening } from './dcmtk';
import { buildDicom, zipOf } from './dicom-builder';
import { resultOf, uploadDicom } from './image-upload';

const STUDY = '1.2.826.0.1.3680043.8.498.89.1';
const CT_COUNT = 30;
/** The data set of a Part 10 file: after the preamble, DICM and the meta group. */
const dataSetOf = (f: Buffer) => f.subarray(144 + f.readUInt32LE(140));
const digest = (f: Buffer) => createHash('md5').update(dataSetOf(f)).digest('hex');

const began = performance.now();
const mark = (what: string) => process.stderr.write(`${what} ${Math.round(performance.now() - began)} ms\n`);
const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-forward-'));
const env = loadEnv({ SEED: 'demo', LOG_LEVEL: 'silent', DATA_DIR: dir, OUTBOUND_ALLOW: '127.0.0.1/32' });
const platform = await bootstrap(env, { pgliteDir: 'memory://', webDir: '/nonexistent' });
const children: ChildProcess[] = [];
const listeners: net.Server[] = [];

const files = [
  ...Array.from({ length: CT_COUNT }, (_, i) =>
    buildDicom({
      study: STUDY,
      series: `${STUDY}.1`,
      sop: `${STUDY}.1.${i + 1}`,
      instanceNumber: i + 1,
      rows: 64,
      cols: 64,
      syntax: i % 2 ? 'implicit' : 'explicit',
      charset: 'GB18030',
      patientName: 'Zhang^San=张^三',
      patientId: 'FWD1',
    }),
  ),
  buildDicom({ study: STUDY, series: `${STUDY}.2`, sop: `${STUDY}.2.1`, syntax: 'jpegBaseline', patientId: 'FWD1' }),
];

/** A TCP listener counting the connections that reach it (each closed at once). */
async function watcher() {
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  listeners.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as net.AddressInfo).port, connections: () => connections };
}

/** dcmtk keeps Nagle's algorithm on unless TCP_NODELAY=1 is set; with it on, each of its responses waits for our delayed ACK (40 ms). */
function start(cmd: string, args: string[]) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TCP_NODELAY: '1' } });
  let log = '';
  child.stderr!.on('data', (b: Buffer) => (log += b.toString()));
  child.on('exit', (code) => code && code !== 143 && process.stderr.write(`${cmd} exited ${code}: ${log}\n`));
  children.push(child);
  return child;
}

try {
  const admin = await loginAs(platform.app, 'admin', 'Admin@123');
  const doctor = await loginAs(platform.app, 'doctor', 'Doctor@123');
  const up = await uploadDicom(platform.app, {
    token: admin,
    files: [{ name: 'f.zip', data: await zipOf(files.map((data, i) => ({ name: `F${i}`, data }))) }],
    hospital_code: 'H001',
  });
  if (resultOf(up).data.uploaded !== files.length) throw new Error(JSON.stringify(up));
  mark('uploaded');

  // Peers: storescp taking JPEG, storescp taking uncompressed only, Orthanc.
  const scpPort = 4331;
  const scpDir = path.join(dir, 'storescp');
  const plainPort = 4332;
  const plainDir = path.join(dir, 'storescp-plain');
  const orthancDicom = 4333;
  const orthancHttp = 4334;
  await mkdir(scpDir);
  await mkdir(plainDir);
  start('storescp', ['+xy', '-od', scpDir, '-aet', 'STORESCP', String(scpPort)]);
  start('storescp', ['-od', plainDir, '-aet', 'STORESCP_U', String(plainPort)]);
  await writeFile(
    path.join(dir, 'orthanc.json'),
    JSON.stringify({
      Name: 'RXFWD',
      HttpPort: orthancHttp,
      DicomPort: orthancDicom,
      DicomAet: 'ORTHANC_FWD',
      RemoteAccessAllowed: false,
      AuthenticationEnabled: false,
      StorageDirectory: path.join(dir, 'orthanc-storage'),
      IndexDirectory: path.join(dir, 'orthanc-index'),
    }),
  );
  start('Orthanc', [path.join(dir, 'orthanc.json')]);
  await Promise.all([scpPort, plainPort, orthancDicom, orthancHttp].map(untilListening));
  mark('peers up');

  const save = async (name: string, aet: string, port: number, hospital_code = 'H001') => {
    const r = await call(platform.app, 'POST', '/device/saveAet', {
      token: admin,
      json: { name, aet, ip: '127.0.0.1', port, hospital_code },
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return (r.body.data as { pk: number }).pk;
  };
  const scpPk = await save('storescp', 'STORESCP', scpPort);
  await save('storescp plain', 'STORESCP_U', plainPort);
  await save('Orthanc', 'ORTHANC_FWD', orthancDicom);

  const forward = async (aet: string, port: number, token = doctor) => {
    const r = await call(platform.app, 'POST', '/report/forwardFile', {
      token,
      lang: 'en-US',
      json: { aet, ip: '127.0.0.1', port, study_iuid: STUDY },
    });
    return { status: r.status, success: r.body.success, msg: r.body.msg, data: r.body.data };
  };

  // Refused requests, each watched by a listener at the address it names.
  const unregistered = await watcher();
  const otherHospital = await watcher();
  await save('H002 device', 'H2_STORE', otherHospital.port, 'H002');
  const refusals = {
    unregistered: await forward('NOBODY', unregistered.port),
    mismatchedPort: await forward('STORESCP', unregistered.port),
    otherHospital: await forward('H2_STORE', otherHospital.port),
  };
  const refusedConnections = unregistered.connections() + otherHospital.connections();

  const t0 = performance.now();
  const toScp = await forward('STORESCP', scpPort);
  const scpMs = performance.now() - t0;
  const toPlain = await forward('STORESCP_U', plainPort);
  const t1 = performance.now();
  const toOrthanc = await forward('ORTHANC_FWD', orthancDicom);
  const orthancMs = performance.now() - t1;

  const closed = await watcher();
  const closedPort = closed.port;
  await new Promise((r) => listeners.pop()!.close(r));
  const closedPk = await save('closed', 'CLOSED_PORT', closedPort);
  const echo = async (pk: number) =>
    (await call(platform.app, 'POST', '/device/echo', { token: admin, json: { pk }, lang: 'en-US' })).body.data;

  mark('forwarded');
  const folder = async (d: string) => {
    const out: string[] = [];
    for (const f of await readdir(d)) out.push(digest(await readFile(path.join(d, f))));
    return out.sort();
  };
  const api = `http://127.0.0.1:${orthancHttp}`;
  const ids = (await (await fetch(`${api}/instances`)).json()) as string[];
  const orthanc: string[] = [];
  for (const id of ids)
    orthanc.push(digest(Buffer.from(await (await fetch(`${api}/instances/${id}/file`)).arrayBuffer())));

  console.log(
    JSON.stringify({
      refusals,
      refusedConnections,
      toScp,
      toPlain,
      toOrthanc,
      rate: {
        storescp: Math.round((files.length / scpMs) * 1000),
        orthanc: Math.round((files.length / orthancMs) * 1000),
      },
      sent: files.map(digest).sort(),
      jpeg: digest(files.at(-1)!),
      storescp: await folder(scpDir),
      storescpPlain: await folder(plainDir),
      orthanc: orthanc.sort(),
      echoOk: await echo(scpPk),
      echoClosed: await echo(closedPk),
      closedPort,
    }),
  );
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const l of listeners) l.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
}
