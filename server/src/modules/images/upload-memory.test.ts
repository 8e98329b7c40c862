import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from '../../../../tests/support/child-server';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct } from '../../../../tests/support/image-platform';
import { signIn } from '../../../../tests/support/save-storm';
import { zipOfZeros } from '../../../../tests/support/zip-bomb';

/**
 * The real server in a child process (PGlite on a DATA_DIR, INGEST_CONCURRENCY 2): what an upload may cost
 * it in memory and on disk, read from outside (/proc/<pid>/status, the staging folder, its log).
 */
const CONCURRENCY = 2;
let dataDir = '';
let holdDir = '';
let server: ChildServer;
let token = '';
/** Each "image ingest started" line's count of ingests running. */
const running: number[] = [];
const staging = () => path.join(dataDir, 'images', '.staging');

async function start() {
  const s = await spawnServer({
    DATA_DIR: dataDir,
    INGEST_CONCURRENCY: String(CONCURRENCY),
    INGEST_QUEUE: '8',
    RXPACS_TEST_HOLD_INGEST: holdDir,
    // As `npm run serve` starts it (package.json): the young generation's pages are part of what is measured.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=4'].filter(Boolean).join(' '),
  });
  let rest = '';
  s.stdout.on('data', (b: Buffer) => {
    const lines = (rest + b.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) {
      const m = /"running":(\d+)[^\n]*"msg":"image ingest started"/.exec(l);
      if (m) running.push(Number(m[1]));
    }
  });
  return s;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-upmem-'));
  holdDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-hold-'));
  server = await start();
  token = await signIn(server.base, 'admin', 'Admin@123');
}, 60_000);

afterAll(async () => {
  server?.kill9();
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(holdDir, { recursive: true, force: true });
});

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function upload(name: string, data: Buffer, base = server.base, tok = token) {
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.set('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${base}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tok}`, 'accept-language': 'en-US' },
    body: form,
  });
  const text = await res.text();
  const lines = res.headers.get('content-type')?.includes('ndjson')
    ? text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; msg: string; success?: boolean })
    : [];
  return { status: res.status, json: lines.length ? undefined : (JSON.parse(text) as { msg: string }), lines };
}
const resultOf = (a: Awaited<ReturnType<typeof upload>>) => a.lines.at(-1) as { success: boolean; msg: string };

const instance = (study: number, n: number, size = 64, patientName = '张^三') =>
  buildDicom(
    ct({ n, study: uid(study), series: uid(study, 1), sop: uid(study, 1, n), rows: size, cols: size, patientName }),
  );

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('bounded ingest in a real server process', () => {
  it('killed while an upload waits for its rows: the restart removes staging and unacknowledged bytes; a re-upload stores the new ones', async () => {
    const study = 80;
    const v1 = [1, 2, 3].map((n) => instance(study, n, 64, 'OLD^BYTES'));
    const v2 = [1, 2, 3].map((n) => instance(study, n, 64, 'NEW^BYTES'));
    const keys = [1, 2, 3].map((n) =>
      path.join(dataDir, 'images', uid(study), uid(study, 1), `${uid(study, 1, n)}.dcm`),
    );
    await writeFile(path.join(holdDir, 'hold'), '');
    const zip = await zipOf(v1.map((data, i) => ({ name: `IM${i + 1}`, data })));
    void upload('held.zip', zip).catch(() => undefined);
    await until(() => existsSync(path.join(holdDir, 'held')), 20_000, 'the ingest to hold before its rows');
    expect(keys.every((k) => existsSync(k))).toBe(true); // the bytes are in the store, no row yet
    await mkdir(path.join(staging(), 'upload-left-over'), { recursive: true });
    await writeFile(path.join(staging(), 'upload-left-over', 'body.upload'), 'x');
    await writeFile(path.join(staging(), 'put-left-over.tmp'), 'x');
    server.kill9();
    await server.exited;
    rmSync(path.join(holdDir, 'hold'));

    server = await start();
    token = await signIn(server.base, 'admin', 'Admin@123');
    expect(await readdir(staging()).catch(() => [])).toEqual([]);
    expect(keys.filter((k) => existsSync(k))).toEqual([]);
    const wado = (n: number) =>
      fetch(
        `${server.base}/wado?${new URLSearchParams({ requestType: 'WADO', contentType: 'application/dicom', studyUID: uid(study), seriesUID: uid(study, 1), objectUID: uid(study, 1, n) })}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
    expect((await wado(1)).status).toBe(404);
    const again = await upload('again.zip', await zipOf(v2.map((data, i) => ({ name: `IM${i + 1}`, data }))));
    expect(resultOf(again).msg).toBe('Upload finished: 3 uploaded, 0 failed');
    for (const n of [1, 2, 3]) expect(Buffer.from(await (await wado(n)).arrayBuffer())).toEqual(v2[n - 1]);
  }, 60_000);

  it('a zip bomb is refused, named, never inflated in memory, and the memory is back within 50 MiB of its start level', async () => {
    expect(resultOf(await upload('warm.dcm', instance(60, 1))).success).toBe(true);
    const before = rssMiB(server.pid);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 25);
    try {
      // 32 entries of 32 MiB of zeros (1 GiB in about 1 MiB), and 4 of 240 MiB (each just under an instance's limit).
      for (const bomb of [zipOfZeros({ count: 32, zeros: 32 << 20 }), zipOfZeros({ count: 4, zeros: 240 << 20 })]) {
        expect(bomb.length).toBeLessThan(1.5 * 2 ** 20);
        const a = await upload('bomb.zip', bomb);
        expect(a.status).toBe(400);
        expect(a.json?.msg).toMatch(/^The zip inflates to more than 256 MB \(a suspected zip bomb\)/);
      }
      // Under the budget but each entry a DICOM head and 16 MiB of zeros: each named, none inflated.
      const headed = await upload('headed.zip', zipOfZeros({ count: 15, zeros: 16 << 20, head: instance(61, 1) }));
      expect(headed.lines.filter((l) => l.msg.includes('suspected zip bomb'))).toHaveLength(15);
      expect(resultOf(headed).success).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeLessThan(before + 64);
    await until(() => rssMiB(server.pid) < before + 50, 30_000, `RSS back within 50 MiB of ${before} MiB`);
  }, 60_000);

  it(`8 uploads at once: at most ${CONCURRENCY} ingests run, none takes the server past 512 MiB`, async () => {
    running.length = 0;
    const zips = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        zipOf(Array.from({ length: 16 }, (__, n) => ({ name: `IM${n + 1}`, data: instance(70 + i, n + 1, 256) }))),
      ),
    );
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 25);
    try {
      const answers = await Promise.all(zips.map((z, i) => upload(`s${i}.zip`, z)));
      expect(answers.map((a) => resultOf(a).msg)).toEqual(Array(8).fill('Upload finished: 16 uploaded, 0 failed'));
    } finally {
      clearInterval(sampler);
    }
    expect(running).toHaveLength(8);
    expect(Math.max(...running)).toBeLessThanOrEqual(CONCURRENCY);
    expect(peak).toBeLessThan(512);
  }, 60_000);

  it('an upload aborted mid-body leaves no staging file', async () => {
    const boundary = 'rxpacs-abort-test';
    const req = request(`${server.base}/UploadDicom/uploadZip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(50 << 20),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="hospital_code"\r\n\r\nH001\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    );
    req.write(Buffer.alloc(1 << 20, 1));
    const stagedBytes = async () => {
      let n = 0;
      for (const e of await readdir(staging(), { recursive: true }).catch(() => [] as string[]))
        n += (await stat(path.join(staging(), e)).catch(() => null))?.size ?? 0;
      return n;
    };
    await until(async () => (await stagedBytes()) > 0, 10_000, 'the body to reach the staging folder');
    req.destroy();
    const stagedFiles = async () =>
      (await readdir(staging(), { withFileTypes: true, recursive: true })).filter((e) => e.isFile()).length;
    await until(async () => (await stagedFiles()) === 0, 10_000, 'the staging folder to hold no file');
  }, 30_000);
});
