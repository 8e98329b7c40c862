import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { spawnServer, throwawayDatabase, type ChildServer } from '../../../../tests/support/child-server';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { post, saveStorm, signIn, type AckedSave } from '../../../../tests/support/save-storm';
import { secretBox } from '../core/secret-box';
import { startLocalS3 } from '../../../../tests/support/local-s3';
import { IMAGES_LIST } from './backup';

/**
 * npm run backup while a save storm runs, npm run restore into an empty folder (and an empty database), the
 * server started on it: every save acknowledged before the backup began, every image with its checksum, the
 * secret key. The real server and the real commands in child processes; api-pglite on the embedded database
 * (the running server makes the copy), api-postgres with pg_dump / pg_restore.
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const STUDY = uid(77);
const IMAGES = 4;
const running: ChildServer[] = [];
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `rxpacs-${name}-`));
  dirs.push(d);
  return d;
};

async function installation() {
  const env: Record<string, string> = { DATA_DIR: tmp('backup-data') };
  if (kind === 'postgres') {
    const database = await throwawayDatabase(inject('pgAdminUrl'));
    env.DATABASE_URL = database.url;
    drops.push(database.drop);
  }
  return env;
}

function runCli(script: string, arg: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, arg], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

async function upload(base: string, token: string) {
  const files = Array.from({ length: IMAGES }, (_, i) => ({
    name: `CT${i}.dcm`,
    data: buildDicom({
      study: STUDY,
      series: uid(77, 1),
      sop: uid(77, 1, i + 1),
      instanceNumber: i + 1,
      rows: 64,
      cols: 64,
    }),
  }));
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(files))]), 'ct.zip');
  const r = await fetch(`${base}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(IMAGES);
  return Object.fromEntries(files.map((f, i) => [uid(77, 1, i + 1), f.data]));
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function wadoDigest(base: string, token: string, sop: string) {
  const q = new URLSearchParams({
    requestType: 'WADO',
    studyUID: STUDY,
    seriesUID: uid(77, 1),
    objectUID: sop,
    contentType: 'application/dicom',
  });
  const r = await fetch(`${base}/wado?${q}`, { headers: { authorization: `Bearer ${token}` } });
  return r.status === 200 ? sha256(Buffer.from(await r.arrayBuffer())) : `status ${r.status}`;
}

afterAll(async () => {
  for (const s of running) s.kill9();
  await Promise.all(running.map((s) => s.exited));
  for (const d of drops) await d();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

let source: Record<string, string> = {};
beforeAll(async () => {
  source = await installation();
}, 60_000);

describe(`backup and restore (${kind})`, () => {
  it('restores every acknowledged save, image and the secret key from a backup taken during a save storm', async () => {
    const server = await spawnServer(source);
    running.push(server);
    const token = await signIn(server.base, 'doctor', 'Doctor@123');
    const admin = await signIn(server.base, 'admin', 'Admin@123');
    const images = await upload(server.base, admin);
    // a third party's secret, sealed with DATA_DIR/secret.key as the platform seals them
    const sealed = secretBox({ DATA_DIR: source.DATA_DIR! }).seal('wechat app secret');
    const list = await post<{ list: { study_iuid: string }[] }>(server.base, '/api/order/OrderList', token, {
      rpt_status: [0],
      pageSize: 10,
    });
    const studies = list.data.list.slice(0, 4).map((s) => s.study_iuid);
    const storm = saveStorm(server.base, token, studies);
    while (storm.acked.length < 30) await new Promise((r) => setTimeout(r, 20));
    const before: AckedSave[] = [...storm.acked];
    const backupDir = path.join(tmp('backup-out'), 'b1');
    const port = new URL(server.base).port;
    const made = await runCli('backup', backupDir, { ...source, PORT: port });
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain(`${IMAGES} images (copied`);
    const during = storm.acked.length;
    server.kill9();
    await storm.done;
    expect(storm.acked.length).toBeGreaterThan(during - 1);

    const target = await installation();
    const restored = await runCli('restore', backupDir, target);
    expect(restored.code, restored.out).toBe(0);
    // a second restore into the same folder is refused, not mixed in
    expect((await runCli('restore', backupDir, target)).code).toBe(1);
    const again = await spawnServer(target);
    running.push(again);
    const token2 = await signIn(again.base, 'doctor', 'Doctor@123');
    for (const study of studies) {
      const versions = await post<{ texts: { report_text1: string } }[]>(again.base, '/report/versions', token2, {
        study_iuid: study,
      });
      const saved = new Set(versions.data.map((v) => v.texts.report_text1));
      const missing = before.filter((a) => a.study_iuid === study && !saved.has(a.text));
      expect(missing, study).toEqual([]);
    }
    for (const [sop, bytes] of Object.entries(images))
      expect(await wadoDigest(again.base, token2, sop)).toBe(sha256(bytes));
    expect(secretBox({ DATA_DIR: target.DATA_DIR! }).open(sealed)).toBe('wechat app secret');
  }, 180_000);

  it('refuses a backup into a folder that is not empty, and the ops route to anyone without the token', async () => {
    const server = await spawnServer(source);
    running.push(server);
    const port = new URL(server.base).port;
    const full = tmp('backup-full');
    writeFileSync(path.join(full, 'something.txt'), 'not a backup');
    const r = await runCli('backup', full, { ...source, PORT: port });
    expect([r.code, r.out]).toEqual([1, expect.stringContaining('is not empty')]);
    const stranger = await fetch(`${server.base}/ops/backup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-rxpacs-ops-token': 'guess' },
      body: JSON.stringify({ dir: path.join(tmp('backup-x'), 'b') }),
    });
    expect(stranger.status).toBe(404);
  }, 120_000);

  it('an S3 store: listed with each object MD5, and a restore first checks the bucket still holds them', async () => {
    const s3 = await startLocalS3('rxpacs-backup');
    drops.push(s3.close);
    const env = { ...(await installation()), ...s3.env };
    const server = await spawnServer(env);
    running.push(server);
    const images = await upload(server.base, await signIn(server.base, 'admin', 'Admin@123'));
    const backupDir = path.join(tmp('backup-s3'), 'b');
    const made = await runCli('backup', backupDir, { ...env, PORT: new URL(server.base).port });
    expect(made.code, made.out).toBe(0);
    server.kill9();
    const listed = (await readFile(path.join(backupDir, IMAGES_LIST), 'utf8')).trim().split('\n');
    const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
    for (const [sop, bytes] of Object.entries(images)) {
      const line = listed.find((l) => l.endsWith(`/${sop}.dcm`));
      expect(line, sop).toBe(`md5:${md5(bytes)}  ${bytes.length}  ${STUDY}/${uid(77, 1)}/${sop}.dcm`);
    }

    const target = { ...(await installation()), ...s3.env };
    const restored = await runCli('restore', backupDir, target);
    expect(restored.code, restored.out).toBe(0);

    // one object gone from the bucket since: refused before anything is restored
    const gone = `${STUDY}/${uid(77, 1)}/${uid(77, 1, 1)}.dcm`;
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
    });
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${s3.env.S3_PREFIX}${gone}` }));
    const second: Record<string, string> = { ...(await installation()), ...s3.env };
    const refused = await runCli('restore', backupDir, second);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`1 missing, 0 changed (${gone} (missing))`);
    expect(await readdir(second.DATA_DIR!)).toEqual([]);
  }, 180_000);
});
