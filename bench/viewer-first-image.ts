/**
 * First-image time of the web viewer on a 300-image 512x512 CT (median of 5): starts the built server
 * (web/dist or WEB_DIST) on a private data directory, uploads the series through the API, measures.
 *
 *   npm run build:web && tsx bench/viewer-first-image.ts [--runs 5] [--port 4312]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDicom, uid, zipOf } from '../tests/support/dicom-builder';
import { measureFirstImage } from './lib/first-image';
import { median } from './lib/harness';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '4312' } },
});
const base = `http://127.0.0.1:${args.port}`;
const STUDY = uid(9300);

async function waitUp(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function upload(token: string): Promise<void> {
  const entries = Array.from({ length: 300 }, (_, i) => ({
    name: `CT/IM${i + 1}`,
    data: buildDicom({
      study: STUDY,
      series: uid(9300, 1),
      sop: uid(9300, 1, i + 1),
      instanceNumber: i + 1,
      charset: 'GB18030',
      patientName: '王^小明',
    }),
  }));
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(entries))]), 'ct.zip');
  const res = await fetch(`${base}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const last = (await res.text()).trim().split('\n').at(-1) ?? '';
  if (!last.includes('"success":true')) throw new Error(`upload failed: ${last}`);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'viewer-bench-'));
// Its own process group, so the stop reaches tsx's child too.
const server = spawn('node_modules/.bin/tsx', ['server/src/main.ts'], {
  env: { ...process.env, PORT: args.port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
try {
  await waitUp();
  const login = await fetch(`${base}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'admin', password: 'Admin@123', logon_type: 'PC' }),
  });
  await upload(((await login.json()) as { token: string }).token);
  const ms = await measureFirstImage({
    baseUrl: base,
    username: 'doctor',
    password: 'Doctor@123',
    studyIuid: STUDY,
    runs: Number(args.runs),
  });
  console.log(`first image (ms): ${ms.map((m) => m.toFixed(0)).join(', ')}; median ${median(ms).toFixed(0)} ms`);
} finally {
  const exited = new Promise((r) => server.once('exit', r));
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
