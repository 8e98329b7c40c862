import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { call, loginAs } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const STUDY = uid(1);

/** Study uid(1) of H001: series 2 (three images, the middle one deleted) uploaded before series 1 (two). */
beforeAll(async () => {
  const entries = [
    ...[3, 1, 2].map((n) => ({
      name: `S2/IM${n}`,
      data: buildDicom(ct({ n, series: uid(1, 2), sop: uid(1, 2, n), seriesNumber: 2, seriesDesc: '肺窗' })),
    })),
    ...[2, 1].map((n) => ({ name: `S1/IM${n}`, data: buildDicom(ct({ n, seriesNumber: 1, seriesDesc: '平扫' })) })),
  ];
  const up = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'v.zip', data: await zipOf(entries) }],
    hospital_code: 'H001',
  });
  expect(resultOf(up).data.uploaded).toBe(5);
  const del = await call(t.p.app, 'POST', '/wado/deleteImage', {
    token: t.tok.doctor,
    json: { study_iuid: STUDY, sop_iuids: uid(1, 2, 2) },
  });
  expect(del.status).toBe(200);
});

const viewerStudy = (q: Record<string, string>, session?: string, lang = 'en-US') =>
  call(t.p.app, 'GET', `/wado/viewerStudy?${new URLSearchParams(q)}`, { token: session, lang });
const tokenFor = async (session: string, study_iuid: string) => {
  const r = await call(t.p.app, 'POST', '/wado/token', { token: session, json: { study_iuid } });
  return (r.body.data as { token: string }).token;
};

describe('GET /wado/viewerStudy (the web viewer’s study)', () => {
  it('answers the overlay fields and each series’ live images in order, deleted ones left out', async () => {
    const r = await viewerStudy({ studyUID: STUDY }, t.tok.doctor);
    expect(r.status).toBe(200);
    const s = r.body.data as ViewerStudy;
    expect(s).toMatchObject({
      study_iuid: STUDY,
      patient_name: '张三',
      patient_id: 'PT0001',
      patient_sex: 'M',
      patient_age: '45Y',
      modality: 'CT',
    });
    expect(new Date(s.study_datetime).getFullYear()).toBe(2026);
    expect(s.series.map((x) => [x.series_number, x.series_desc, x.instances.map((i) => i.sop_iuid)])).toEqual([
      [1, '平扫', [uid(1, 1, 1), uid(1, 1, 2)]],
      [2, '肺窗', [uid(1, 2, 1), uid(1, 2, 3)]],
    ]);
    expect(s.series[0]!.instances[0]).toEqual({
      sop_iuid: uid(1, 1, 1),
      instance_number: 1,
      frame_count: 1,
      rows: 64,
      cols: 64,
    });
  });

  it('opens with a viewer token alone (a window without a session), for that study only', async () => {
    const viewer = await tokenFor(t.tok.doctor, STUDY);
    const r = await viewerStudy({ studyUID: STUDY, token: viewer });
    expect(r.status).toBe(200);
    expect((r.body.data as ViewerStudy).patient_name).toBe('张三');
    const other = await viewerStudy({ studyUID: t.h001Study, token: viewer });
    expect(other.status).toBe(404);
    const forged = await viewerStudy({ studyUID: STUDY, token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body.msg).toMatch(/viewer token/);
    // the session token is not a viewer token
    expect((await viewerStudy({ studyUID: STUDY, token: t.tok.doctor })).status).toBe(401);
    expect((await viewerStudy({ studyUID: STUDY })).status).toBe(401);
  });

  it('a token dies with its session: the window’s study answer stops too', async () => {
    const session = await loginAs(t.p.app, 'doctor', 'Doctor@123');
    const viewer = await tokenFor(session, STUDY);
    expect((await viewerStudy({ studyUID: STUDY, token: viewer })).status).toBe(200);
    await call(t.p.app, 'POST', '/user/logout', { token: session });
    expect((await viewerStudy({ studyUID: STUDY, token: viewer })).status).toBe(401);
  });

  it('doctor2 (H002) gets nothing of an H001 study: not by session, not with a token of their own study', async () => {
    const bySession = await viewerStudy({ studyUID: STUDY }, t.tok.doctor2);
    expect(bySession.status).toBe(404);
    expect(JSON.stringify(bySession.body)).not.toContain('张三');
    const own = await tokenFor(t.tok.doctor2, t.h002Study);
    const byToken = await viewerStudy({ studyUID: STUDY, token: own });
    expect(byToken.status).toBe(404);
    expect(JSON.stringify(byToken.body)).not.toContain('张三');
  });

  it('names a malformed study UID in the caller’s language', async () => {
    const en = await viewerStudy({ studyUID: '1.2.x' }, t.tok.doctor);
    expect(en.status).toBe(400);
    expect(JSON.stringify(en.body.errors)).toContain('studyUID');
    const extra = await viewerStudy({ studyUID: STUDY, other: '1' }, t.tok.doctor);
    expect(extra.status).toBe(400);
    const zh = await viewerStudy({}, t.tok.doctor, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body.errors)).toContain('studyUID');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('GET /wado/viewerPreview (the viewer’s first image, asked as it opens)', () => {
  const PREVIEW_STUDY = uid(3);
  const preview = (q: Record<string, string>, session?: string, lang = 'en-US') =>
    t.p.app.request(`/wado/viewerPreview?${new URLSearchParams(q)}`, {
      headers: { 'accept-language': lang, ...(session ? { authorization: `Bearer ${session}` } : {}) },
    });
  const jpegOf = async (sop: string, series: string) =>
    Buffer.from(
      await (
        await t.wado(
          { studyUID: PREVIEW_STUDY, seriesUID: series, objectUID: sop, contentType: 'image/jpeg' },
          t.tok.doctor,
        )
      ).arrayBuffer(),
    );
  const named = (res: Response) => new URLSearchParams(res.headers.get('content-location')?.split('?')[1]);

  /** Study uid(3): series 2 (one image) uploaded before series 1 (two). */
  beforeAll(async () => {
    const spec = (series: number, n: number) =>
      buildDicom(ct({ n, study: PREVIEW_STUDY, series: uid(3, series), sop: uid(3, series, n), seriesNumber: series }));
    const up = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [
        {
          name: 'p.zip',
          data: await zipOf([
            { name: 'S2/IM1', data: spec(2, 1) },
            { name: 'S1/IM2', data: spec(1, 2) },
            { name: 'S1/IM1', data: spec(1, 1) },
          ]),
        },
      ],
      hospital_code: 'H001',
    });
    expect(resultOf(up).data.uploaded).toBe(3);
  });

  it('answers the first live image of the first series as /wado renders it, naming it in Content-Location', async () => {
    const r = await preview({ studyUID: PREVIEW_STUDY }, t.tok.doctor);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('cache-control')).toBe('private, max-age=600');
    expect(Object.fromEntries(named(r))).toEqual({
      requestType: 'WADO',
      studyUID: PREVIEW_STUDY,
      seriesUID: uid(3, 1),
      objectUID: uid(3, 1, 1),
      contentType: 'image/jpeg',
    });
    const body = Buffer.from(await r.arrayBuffer());
    expect(body.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(body.equals(await jpegOf(uid(3, 1, 1), uid(3, 1)))).toBe(true);
    // asked again (kept, not rendered again): the same bytes
    expect(Buffer.from(await (await preview({ studyUID: PREVIEW_STUDY }, t.tok.doctor)).arrayBuffer())).toEqual(body);
  });

  it('skips deleted images, then empty series; a study with no live image is 404', async () => {
    const del = (sop: string) =>
      call(t.p.app, 'POST', '/wado/deleteImage', {
        token: t.tok.doctor,
        json: { study_iuid: PREVIEW_STUDY, sop_iuids: sop },
      });
    expect((await del(uid(3, 1, 1))).status).toBe(200);
    let r = await preview({ studyUID: PREVIEW_STUDY }, t.tok.doctor);
    expect(named(r).get('objectUID')).toBe(uid(3, 1, 2));
    expect(Buffer.from(await r.arrayBuffer()).equals(await jpegOf(uid(3, 1, 2), uid(3, 1)))).toBe(true);
    expect((await del(uid(3, 1, 2))).status).toBe(200);
    r = await preview({ studyUID: PREVIEW_STUDY }, t.tok.doctor);
    expect(named(r).get('objectUID')).toBe(uid(3, 2, 1));
    expect((await del(uid(3, 2, 1))).status).toBe(200);
    r = await preview({ studyUID: PREVIEW_STUDY }, t.tok.doctor);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).not.toBe('image/jpeg');
    expect((await preview({ studyUID: t.h001Study }, t.tok.doctor)).status).toBe(404);
  });

  it('opens with a viewer token of that study alone; nothing without one, a forged one or another study’s', async () => {
    const viewer = await tokenFor(t.tok.doctor, STUDY);
    const r = await preview({ studyUID: STUDY, token: viewer });
    expect(r.status).toBe(200);
    expect(named(r).get('objectUID')).toBe(uid(1, 1, 1));
    expect((await preview({ studyUID: PREVIEW_STUDY, token: viewer })).status).toBe(404);
    const forged = await preview({ studyUID: STUDY, token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);
    expect((await preview({ studyUID: STUDY, token: t.tok.doctor })).status).toBe(401);
    expect((await preview({ studyUID: STUDY })).status).toBe(401);
  });

  it('doctor2 (H002) gets no H001 pixel: not by session, not with a token of their own study', async () => {
    const bySession = await preview({ studyUID: STUDY }, t.tok.doctor2);
    expect(bySession.status).toBe(404);
    expect(bySession.headers.get('content-type')).not.toBe('image/jpeg');
    const own = await tokenFor(t.tok.doctor2, t.h002Study);
    const byToken = await preview({ studyUID: STUDY, token: own });
    expect(byToken.status).toBe(404);
    expect(byToken.headers.get('content-type')).not.toBe('image/jpeg');
  });

  it('names a malformed study UID in the caller’s language', async () => {
    const en = await preview({ studyUID: '1.2.x' }, t.tok.doctor);
    expect(en.status).toBe(400);
    expect(JSON.stringify(await en.json())).toContain('studyUID');
    const zh = (await (await preview({}, t.tok.doctor, 'zh-CN')).json()) as { msg: string; errors: unknown };
    expect(JSON.stringify(zh.errors)).toContain('studyUID');
    expect(zh.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
