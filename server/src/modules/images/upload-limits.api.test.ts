import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { filesOf, resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { zipOfZeros } from '../../../../tests/support/zip-bomb';
import { recoverPendingKeys } from './pending-keys';
import { cleanStaging, ownerFolderName, ownStaging } from './staging-owner';

const t = useImagePlatform();
const one = (n: number, o: Partial<Parameters<typeof ct>[0]> = {}) =>
  buildDicom(ct({ n, study: uid(30), series: uid(30, 1), sop: uid(30, 1, n), ...o }));

describe('upload refusals that say what is wrong', () => {
  it('names a zip entry leading outside its folder (en, zh), storing nothing', async () => {
    const before = await t.state();
    const zip = await zipOf([
      { name: 'ok.dcm', data: one(1) },
      { name: 'xx/evil.dcm', data: one(2) },
    ]);
    const bad = Buffer.from(zip.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1');
    const files = [{ name: 'study.zip', data: bad }];
    const en = await uploadDicom(t.p.app, { token: t.tok.doctor, files, hospital_code: 'H001' });
    expect(en.status).toBe(400);
    expect(en.json).toMatchObject({
      success: false,
      code: 400,
      msg: 'Unsafe entry name in the zip (../evil.dcm: a path leading outside its folder); nothing was stored',
    });
    const zh = await uploadDicom(t.p.app, { token: t.tok.doctor, files, hospital_code: 'H001', lang: 'zh-CN' });
    expect(zh.json?.msg).toBe('压缩包内有不安全的文件名（../evil.dcm，路径指向文件夹之外），未保存任何文件');
    expect(await t.state()).toEqual(before);
  });

  it('refuses a zip inflating past its budget before reading an entry, and names entries past the ratio', async () => {
    const before = await t.state();
    // 40 entries of 16 MiB of zeros: 640 MiB from about 650 KB, past the 256 MiB floor of the budget.
    const bomb = zipOfZeros({ count: 40, zeros: 16 << 20 });
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'bomb.zip', data: bomb }],
      hospital_code: 'H001',
    });
    expect(a.status).toBe(400);
    expect(a.json?.msg).toBe(
      'The zip inflates to more than 256 MB (a suspected zip bomb); nothing was stored: upload it in parts',
    );
    // DICOM heads followed by 8 MiB of zeros each: every entry named as a suspected bomb, none inflated.
    const headed = zipOfZeros({ count: 3, zeros: 8 << 20, head: one(1) });
    const b = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'headed.zip', data: headed }],
      hospital_code: 'H001',
    });
    expect(filesOf(b)['zeros/0.dcm']?.msg).toBe(
      'zeros/0.dcm failed: it inflates to more than 100 times its compressed size (a suspected zip bomb)',
    );
    expect(resultOf(b)).toMatchObject({ success: false, data: { uploaded: 0, failed: 3 } });
    expect(await t.state()).toEqual(before);
  });

  it("answers another hospital's instance with the generic refusal, never 'already in the archive'", async () => {
    const mine = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'h1.dcm', data: one(1) }],
      hospital_code: 'H001',
    });
    expect(resultOf(mine).data).toMatchObject({ uploaded: 1 });
    const before = await t.state();
    // The same SOP Instance UID under a study of H002's own.
    const theirs = buildDicom(ct({ n: 1, study: uid(31), series: uid(31, 1), sop: uid(30, 1, 1) }));
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor2,
      files: [{ name: 'h2.dcm', data: theirs }],
      hospital_code: 'H002',
    });
    expect(filesOf(a)['h2.dcm']).toMatchObject({
      status: 'failed',
      msg: 'h2.dcm failed: its UIDs are already in use and it cannot be stored for this hospital',
    });
    expect(JSON.stringify(a.lines)).not.toMatch(/already in the archive|H001/);
    expect(await t.state()).toEqual(before);
    // H001 sending it again is told it is there.
    const again = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'h1.dcm', data: one(1) }],
      hospital_code: 'H001',
    });
    expect(filesOf(again)['h1.dcm']?.status).toBe('duplicate');
  });
});

describe('bytes never acknowledged', () => {
  it('bytes under a key that no row names are replaced by the next upload of that instance', async () => {
    const key = `${uid(32)}/${uid(32, 1)}/${uid(32, 1, 1)}.dcm`;
    const file = path.join(t.dataDir, 'images', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'left by a stopped upload');
    const fresh = buildDicom(ct({ n: 1, study: uid(32), series: uid(32, 1), sop: uid(32, 1, 1) }));
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'fresh.dcm', data: fresh }],
      hospital_code: 'H001',
    });
    expect(filesOf(a)['fresh.dcm']?.status).toBe('uploaded');
    const got = await t.wado({ studyUID: uid(32), seriesUID: uid(32, 1), objectUID: uid(32, 1, 1) }, t.tok.doctor);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(fresh);
  });
});

describe('pending keys at start-up', () => {
  it("removes a stopped server's keys no row names, keeps those with rows, and keeps the list while the store is away", async () => {
    const { deps } = t.p;
    const withRow = `${uid(30)}/${uid(30, 1)}/${uid(30, 1, 1)}.dcm`; // uploaded above
    const orphan = `${uid(33)}/${uid(33, 1)}/${uid(33, 1, 1)}.dcm`;
    // A patient merge stopped before its commit: the rewritten bytes under a revision key, no row naming them.
    const revision = `${uid(30)}/${uid(30, 1)}/1/${uid(30, 1, 1)}.dcm`;
    const fileOf = (key: string) => path.join(t.dataDir, 'images', key);
    for (const k of [orphan, revision]) {
      await mkdir(path.dirname(fileOf(k)), { recursive: true });
      await writeFile(fileOf(k), 'never acknowledged');
    }
    // The folder of a server of this host that has stopped (no process 999999 started at tick 1).
    const stopped = path.join(deps.images.stagingDir, `proc~${ownerFolderName(process.pid).split('~')[1]}~999999~1`);
    await mkdir(path.join(stopped, 'upload-x'), { recursive: true });
    await writeFile(path.join(stopped, 'ingest-1.pending-keys'), `${withRow}\n${orphan}\n${revision}\n`);
    const remove = deps.images.remove.bind(deps.images);
    deps.images.remove = () => Promise.reject(new Error('store away (test)'));
    const mine = ownStaging(deps.images.stagingDir);
    try {
      expect(await cleanStaging(deps)).toBe(1);
      expect(existsSync(stopped)).toBe(false);
      expect(existsSync(fileOf(orphan))).toBe(true);
      expect(await readdir(mine)).toContain('ingest-1.pending-keys'); // kept for this server's next start
    } finally {
      deps.images.remove = remove;
    }
    expect(await recoverPendingKeys(deps, mine)).toEqual([]);
    expect(existsSync(fileOf(orphan))).toBe(false);
    expect(existsSync(fileOf(revision))).toBe(false);
    expect(existsSync(fileOf(withRow))).toBe(true);
    expect(await readdir(mine)).not.toContain('ingest-1.pending-keys');
  });
});

describe('concurrent ingests', () => {
  it('past INGEST_CONCURRENCY + INGEST_QUEUE an upload is 503 with Retry-After and the envelope, in its language', async () => {
    const { env, images } = t.p.deps;
    const was = { c: env.INGEST_CONCURRENCY, q: env.INGEST_QUEUE };
    env.INGEST_CONCURRENCY = 1;
    env.INGEST_QUEUE = 0;
    const putFiles = images.putFiles!.bind(images);
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    images.putFiles = async (items) => {
      entered();
      await held;
      return putFiles(items);
    };
    try {
      const first = uploadDicom(t.p.app, {
        token: t.tok.doctor,
        files: [{ name: 'slow.dcm', data: one(5) }],
        hospital_code: 'H001',
      });
      await inside;
      const busy = await t.p.app.request('/UploadDicom/uploadZip', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.tok.doctor}`, 'accept-language': 'zh-CN' },
        body: (() => {
          const f = new FormData();
          f.set('hospital_code', 'H001');
          f.set('file', new Blob([new Uint8Array(one(6))]), 'b.dcm');
          return f;
        })(),
      });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('10');
      expect(await busy.json()).toMatchObject({ success: false, code: 503, msg: '影像上传处理繁忙，请 10 秒后重试' });
      release();
      expect(resultOf(await first).data).toMatchObject({ uploaded: 1 });
      // The turn is given back: the next upload goes through.
      const next = await uploadDicom(t.p.app, {
        token: t.tok.doctor,
        files: [{ name: 'b.dcm', data: one(6) }],
        hospital_code: 'H001',
      });
      expect(resultOf(next).data).toMatchObject({ uploaded: 1 });
      const [n] = await t.rows<{ n: string }>(sql`select count(*) as n from instance where study_pk in
        (select pk from study where study_iuid = ${uid(30)})`);
      expect(Number(n!.n)).toBe(3);
    } finally {
      release();
      images.putFiles = putFiles;
      env.INGEST_CONCURRENCY = was.c;
      env.INGEST_QUEUE = was.q;
    }
    expect((await t.state()).staged).toBe(0);
  });
});
