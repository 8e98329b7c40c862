import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { DicomList } from '@shared/schemas/images';
import type { CapturedImage, PatientFile } from '@shared/schemas/patient-files';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { call } from '../../../../tests/support/api-client';
import { TINY_JPEG } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { MP4, PNG_HEAD, postForm, WEBM } from '../../../../tests/support/patient-files';
import { receiveVideo } from './receive-video';
import { SECONDARY_CAPTURE } from './secondary-capture';

const t = useImagePlatform();

const staged = async () => (await readdir(path.join(t.dataDir, 'images', '.staging')).catch(() => [])).length;
const state = async () => {
  const [r] = await t.rows<{ files: string }>(sql`select count(*) as files from patient_file`);
  return { ...(await t.state()), patientFiles: Number(r!.files), staged: await staged() };
};
const uploadVideo = (token: string, file: { name: string; data: Buffer }, study = t.h001Study) =>
  postForm(t.p.app, '/UploadDicom/uploadFile', { token, fields: { study_iuid: study }, file });
const videos = async (token: string, study = t.h001Study) =>
  call(t.p.app, 'POST', '/UploadDicom/getVideoList', { token, json: { study_iuid: study } });
const show = (pk: number, token: string, range?: string) =>
  t.p.app.request(`/UploadDicom/showFile?pk=${pk}`, {
    headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
  });

describe('videos', () => {
  let mp4: PatientFile;
  it('stores an mp4 and a webm by their bytes, listed for the study, audited', async () => {
    const a = await uploadVideo(t.tok.doctor, { name: 'gastroscopy.mp4', data: MP4 });
    expect(a.status).toBe(200);
    mp4 = a.json.data as PatientFile;
    expect(mp4).toMatchObject({ kind: 'video', type: 'video/mp4', size_bytes: MP4.length, can_delete: false });
    expect((await uploadVideo(t.tok.doctor, { name: 'clip.webm', data: WEBM })).status).toBe(200);
    const list = (await videos(t.tok.auditor)).body.data as PatientFile[];
    expect(list.map((v) => [v.name, v.type])).toEqual([
      ['gastroscopy.mp4', 'video/mp4'],
      ['clip.webm', 'video/webm'],
    ]);
    const [audit] = await t.rows<{ n: string }>(
      sql`select count(*) as n from audit_log where action = 'patient_file.video_upload'`,
    );
    expect(Number(audit!.n)).toBe(2);
    expect(await staged()).toBe(0);
    // videos are not attachments
    const files = await call(t.p.app, 'POST', '/UploadDicom/patFileList', {
      token: t.tok.doctor,
      json: { study_iuid: t.h001Study },
    });
    expect(files.body.data).toEqual([]);
  });

  it('serves byte ranges so a video element can seek', async () => {
    const whole = await show(mp4.pk, t.tok.doctor);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(MP4);
    const part = await show(mp4.pk, t.tok.doctor, 'bytes=4-11');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${MP4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');
    const tail = await show(mp4.pk, t.tok.doctor, 'bytes=-4');
    expect(tail.headers.get('content-range')).toBe(`bytes ${MP4.length - 4}-${MP4.length - 1}/${MP4.length}`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(MP4.subarray(-4));
    const open = await show(mp4.pk, t.tok.doctor, `bytes=${MP4.length - 2}-`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(MP4.subarray(-2));
    const past = await show(mp4.pk, t.tok.doctor, `bytes=${MP4.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${MP4.length}`);
  });

  it('refuses what is not mp4 or webm by its bytes, and another hospital; nothing written, nothing staged', async () => {
    const before = await state();
    const png = await uploadVideo(t.tok.doctor, { name: 'movie.mp4', data: PNG_HEAD });
    expect(png.status).toBe(400);
    expect(png.json.errors).toEqual([{ field: 'file', msg: 'A video must be an mp4 or webm file' }]);
    expect((await uploadVideo(t.tok.doctor2, { name: 'a.mp4', data: MP4 })).status).toBe(404);
    expect((await videos(t.tok.doctor2)).status).toBe(404);
    expect((await show(mp4.pk, t.tok.doctor2)).status).toBe(404);
    const noStudy = await postForm(t.p.app, '/UploadDicom/uploadFile', {
      token: t.tok.doctor,
      file: { name: 'a.mp4', data: MP4 },
    });
    expect(noStudy.json.errors?.map((e) => e.field)).toEqual(['study_iuid']);
    expect((await postForm(t.p.app, '/UploadDicom/uploadFile', { token: t.tok.doctor })).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('a failed store leaves no row and nothing staged', async () => {
    const before = await state();
    const put = t.p.deps.images.put;
    t.p.deps.images.put = () => Promise.reject(new Error('disk full'));
    try {
      expect((await uploadVideo(t.tok.doctor, { name: 'a.mp4', data: MP4 })).status).toBe(500);
    } finally {
      t.p.deps.images.put = put;
    }
    expect(await state()).toEqual(before);
  });

  it('stops reading a body past the limit (413) and keeps no staged bytes', async () => {
    const app = new Hono<AppEnv>();
    app.onError((err, c) => c.json({ status: err instanceof AppError ? err.status : 500 }, 200));
    const dir = path.join(t.dataDir, 'limit-staging');
    app.post('/v', async (c) => c.json(await receiveVideo(c, dir, 1000)));
    const form = new FormData();
    form.set('study_iuid', t.h001Study);
    form.set('file', new Blob([new Uint8Array(Buffer.alloc(5000))]), 'big.mp4');
    const r = await app.request('/v', { method: 'POST', body: form });
    expect(await r.json()).toEqual({ status: 413 });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('captured images', () => {
  const dicomList = async (token = t.tok.doctor) =>
    (await call(t.p.app, 'POST', '/wado/getDicomList', { token, json: { study_iuid: t.h001Study } })).body
      .data as DicomList;
  const dataUrl = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;

  it("puts an uploaded .jpg and a saved capture in the study's Capture series, served like any image", async () => {
    const before = await state();
    const up = await postForm(t.p.app, '/api/order/uploadImg', {
      token: t.tok.doctor,
      fields: { study_iuid: t.h001Study },
      file: { name: 'photo.jpeg', data: TINY_JPEG },
    });
    expect(up.status).toBe(200);
    const first = up.json.data as CapturedImage;
    const saved = await call(t.p.app, 'POST', '/tool/saveOrderImage', {
      token: t.tok.doctor,
      json: { study_iuid: t.h001Study, image: dataUrl(TINY_JPEG) },
    });
    expect(saved.status).toBe(200);
    const second = saved.body.data as CapturedImage;
    expect(second.series_iuid).toBe(first.series_iuid);
    expect(second.file_count).toBe(before.instances + 2);
    const capture = (await dicomList()).series.find((s) => s.series_iuid === first.series_iuid)!;
    expect(capture.series_desc).toBe('Capture');
    expect(capture.instances.map((i) => [i.sop_iuid, i.instance_number, i.transfer_syntax, i.rows])).toEqual([
      [first.sop_iuid, 1, '1.2.840.10008.1.2.4.50', 16],
      [second.sop_iuid, 2, '1.2.840.10008.1.2.4.50', 16],
    ]);
    const [row] = await t.rows<{ sop_class_uid: string }>(
      sql`select sop_class_uid from instance where sop_iuid = ${first.sop_iuid}`,
    );
    expect(row!.sop_class_uid).toBe(SECONDARY_CAPTURE);
    const wado = await t.wado(
      { studyUID: t.h001Study, seriesUID: first.series_iuid, objectUID: first.sop_iuid },
      t.tok.doctor,
    );
    expect(wado.status).toBe(200);
    expect(Buffer.from(await wado.arrayBuffer()).includes(TINY_JPEG)).toBe(true);
    const uploads = await t.rows<{ username: string }>(
      sql`select username from audit_log where action = 'image.upload' order by pk desc limit 2`,
    );
    expect(uploads.map((u) => u.username)).toEqual(['doctor', 'doctor']);
  });

  it('takes .jpg/.jpeg only, by the bytes, baseline only; the field named; nothing written', async () => {
    const before = await state();
    const png = await postForm(t.p.app, '/api/order/uploadImg', {
      token: t.tok.doctor,
      fields: { study_iuid: t.h001Study },
      file: { name: 'photo.jpg', data: PNG_HEAD },
    });
    expect(png.status).toBe(400);
    expect(png.json.errors).toEqual([{ field: 'file', msg: 'The image must be a .jpg/.jpeg (JPEG) picture' }]);
    const progressive = Buffer.from(TINY_JPEG);
    progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    const prog = await call(t.p.app, 'POST', '/tool/saveOrderImage', {
      token: t.tok.doctor,
      lang: 'zh-CN',
      json: { study_iuid: t.h001Study, image: dataUrl(progressive) },
    });
    expect(prog.status).toBe(400);
    expect(prog.body.errors).toEqual([{ field: 'image', msg: '只能保存基线 JPEG 图像（该图片为渐进式或已损坏）' }]);
    const notUrl = await call(t.p.app, 'POST', '/tool/saveOrderImage', {
      token: t.tok.doctor,
      json: { study_iuid: t.h001Study, image: 'data:image/png;base64,AAAA' },
    });
    expect(notUrl.status).toBe(400);
    expect((notUrl.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['image']);
    expect(await state()).toEqual(before);
  });

  it("another hospital's study: 404, nothing written; a failed store leaves no instance", async () => {
    const before = await state();
    const other = await call(t.p.app, 'POST', '/tool/saveOrderImage', {
      token: t.tok.doctor2,
      json: { study_iuid: t.h001Study, image: dataUrl(TINY_JPEG) },
    });
    expect(other.status).toBe(404);
    const put = t.p.deps.images.put;
    t.p.deps.images.put = () => Promise.reject(new Error('disk full'));
    try {
      const r = await call(t.p.app, 'POST', '/tool/saveOrderImage', {
        token: t.tok.doctor,
        json: { study_iuid: t.h001Study, image: dataUrl(TINY_JPEG) },
      });
      expect(r.status).toBe(500);
    } finally {
      t.p.deps.images.put = put;
    }
    expect(await state()).toEqual(before);
  });
});
