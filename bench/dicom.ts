/**
 * DICOM network figures (issue 12), in one run inside a loopback-only network namespace (re-runs itself
 * under `unshare -n` as root): 300 CT instances (512 x 512, 16-bit, GB18030 name) sent by dcmtk's storescu,
 * one association per send, to
 *   (a) the platform (a real server process, PGlite on disk, file store; DICOM listener on 127.0.0.1),
 *   (b) Orthanc (Debian package, default settings, its own index and storage in a temporary directory),
 *   (c) dcmtk's storescp (-od, writing each instance to disk),
 * three sends each of a different study (the same three studies to every receiver): instances per second,
 * the median of the three. Two rounds: the sender with TCP_NODELAY (as modern modalities send) and with
 * Nagle's algorithm on (dcmtk's default), each round on its own three studies. Then the platform's forward
 * of one study to storescp (POST /report/forwardFile).
 *
 *   npm run bench:dicom
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uid } from '../tests/support/dicom-builder';
import { spawnServer } from '../tests/support/child-server';
import { ctStudy, DCMTK_ENV, run, untilListening } from '../tests/support/dcmtk';
import { median, signIn } from './lib/harness';

const N = 300;
const SENDS = 3;
const PORTS = { platform: 4322, orthancDicom: 4323, orthancHttp: 4324, storescp: 4325 };

if (!process.env.RX_BENCH_NETNS) {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec node --import tsx ${self}`], {
    stdio: 'inherit',
    env: { ...process.env, RX_BENCH_NETNS: '1' },
  });
  process.exit(r.status ?? 1);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-bench-dicom-'));
const studies: string[][] = [];
const studyUids: string[] = [];
for (let s = 0; s < SENDS * 2; s++) {
  const study = uid(1200, s + 1);
  const d = path.join(dir, `study${s}`);
  await mkdir(d);
  studies.push(await ctStudy(d, N, { study, patientName: 'Zhang^San=张^三', patientId: `BENCH${s}` }));
  studyUids.push(study);
}
/** Round 0: TCP_NODELAY on the sender; round 1: Nagle's algorithm on. */
const ROUNDS = [
  { name: 'sender with TCP_NODELAY', nagle: false },
  { name: 'sender with Nagle (dcmtk default)', nagle: true },
];
const rate = async (label: string, aet: string, aec: string, port: number, round: number) => {
  await untilListening(port);
  // Each receiver starts on a quiet disk: not behind the write-back of the studies just made, or of the
  // receiver before it.
  spawnSync('sync');
  const rates: number[] = [];
  for (const files of studies.slice(round * SENDS, (round + 1) * SENDS)) {
    const r = await run('storescu', ['-aet', aet, '-aec', aec, '127.0.0.1', String(port), ...files], {
      nagle: ROUNDS[round]!.nagle,
    });
    if (r.code !== 0) throw new Error(`${label}: storescu failed: ${r.out.slice(-500)}`);
    rates.push((N * 1000) / r.ms);
  }
  const m = median(rates);
  console.log(
    `${label.padEnd(24)} ${m.toFixed(0).padStart(5)} instances/s  (sends: ${rates.map((x) => x.toFixed(0)).join(', ')})`,
  );
  return m;
};

/** Waits until the platform's archive holds `n` instances of each study (QIDO-RS, NumberOfStudyRelatedInstances). */
async function untilIndexed(base: string, token: string, uids: string[], n: number) {
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/dicomweb/studies?StudyInstanceUID=${uids.join(',')}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/dicom+json' },
    });
    const found = res.ok ? ((await res.json()) as Record<string, { Value?: number[] }>[]) : [];
    const counts = found.map((st) => Number(st['00201208']?.Value?.[0] ?? 0));
    if (counts.length === uids.length && counts.every((c) => c === n)) return;
    if (i > 1200) throw new Error(`the platform indexed ${counts.join(', ')} of ${n} each`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const platform = await spawnServer({
  DATA_DIR: path.join(dir, 'platform'),
  DICOM_PORT: String(PORTS.platform),
  DICOM_HOST: '127.0.0.1',
  DICOM_AET: 'RXPACS',
  // storescp listens on 127.0.0.1 in this namespace: the outbound policy refuses loopback unless listed.
  OUTBOUND_ALLOW: '127.0.0.1/32',
});
await writeFile(
  path.join(dir, 'orthanc.json'),
  JSON.stringify({
    Name: 'BENCH',
    HttpPort: PORTS.orthancHttp,
    DicomPort: PORTS.orthancDicom,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    StorageDirectory: path.join(dir, 'orthanc-storage'),
    IndexDirectory: path.join(dir, 'orthanc-index'),
  }),
);
const orthanc = spawn('Orthanc', [path.join(dir, 'orthanc.json')], { stdio: 'ignore', env: DCMTK_ENV });
await mkdir(path.join(dir, 'storescp'));
const storescp = spawn('storescp', ['-od', path.join(dir, 'storescp'), '-aet', 'STORESCP', String(PORTS.storescp)], {
  stdio: 'ignore',
  env: DCMTK_ENV,
});
try {
  for (let i = 0; (await fetch(`http://127.0.0.1:${PORTS.orthancHttp}/system`).catch(() => null))?.ok !== true; i++) {
    if (i > 100) throw new Error('Orthanc did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`${N} CT instances (512x512, 16-bit, 513 KB each) per send, ${SENDS} sends each, median:`);
  const { token } = await signIn(platform.base, 'admin', 'Admin@123');
  for (const [round, { name }] of ROUNDS.entries()) {
    console.log(`\n${name}:`);
    // ORTHANC is a demo device of H001 registered at 127.0.0.1: the platform takes it as that device.
    const a = await rate('(a) platform', 'ORTHANC', 'RXPACS', PORTS.platform, round);
    // The platform indexes in the background: done before the next receiver is timed, so that one does not
    // share the disk with it (and every acknowledged instance is checked to be in the archive).
    const sent = performance.now();
    await untilIndexed(platform.base, token, studyUids.slice(round * SENDS, (round + 1) * SENDS), N);
    console.log(
      `${''.padEnd(24)} all ${N * SENDS} indexed ${(performance.now() - sent).toFixed(0)} ms after the last send`,
    );
    const b = await rate('(b) Orthanc', 'BENCH', 'BENCH', PORTS.orthancDicom, round);
    const c = await rate('(c) dcmtk storescp', 'BENCH', 'STORESCP', PORTS.storescp, round);
    console.log(
      `platform / Orthanc: ${(a / b).toFixed(2)}${round === 0 ? ' (goal at least 1)' : ''}, platform / storescp: ${(a / c).toFixed(2)}`,
    );
  }
  console.log('');

  const post = (p: string, body: unknown) =>
    fetch(`${platform.base}${p}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const target = { aet: 'STORESCP', ip: '127.0.0.1', port: PORTS.storescp };
  const saved = await post('/device/saveAet', {
    name: 'bench storescp',
    modality: '',
    hospital_code: 'H001',
    ...target,
  });
  if (!saved.ok) console.log(`device registration for the forward: ${saved.status} ${await saved.text()}`);
  const t = performance.now();
  const fwd = await post('/report/forwardFile', { ...target, study_iuid: studyUids[0] });
  const ms = performance.now() - t;
  if (fwd.status === 404) console.log('forward: not available (POST /report/forwardFile is not served)');
  else {
    const body = (await fwd.json()) as { success?: boolean; msg?: string };
    console.log(
      body.success
        ? `forward to storescp       ${((N * 1000) / ms).toFixed(0).padStart(5)} instances/s  (${N} in ${ms.toFixed(0)} ms)`
        : `forward: failed (${fwd.status} ${body.msg})`,
    );
  }
} finally {
  platform.kill9();
  orthanc.kill('SIGTERM');
  storescp.kill('SIGTERM');
  await Promise.all([platform.exited, new Promise((r) => orthanc.once('exit', r))]);
  await rm(dir, { recursive: true, force: true });
}
