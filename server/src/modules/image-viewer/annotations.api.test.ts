import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANNOTATIONS, type ViewerAnnotation, type ViewerAnnotations } from '@shared/schemas/image-viewer';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const STUDY = uid(7);
const H002_STUDY = uid(8);

beforeAll(async () => {
  for (const [study, hospital_code] of [
    [STUDY, 'H001'],
    [H002_STUDY, 'H002'],
  ] as const) {
    const entries = [{ name: 'IM1', data: buildDicom(ct({ n: 1, study, series: `${study}.1`, sop: `${study}.1.1` })) }];
    const up = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [{ name: 'a.zip', data: await zipOf(entries) }],
      hospital_code,
    });
    expect(resultOf(up).data.uploaded).toBe(1);
  }
});

const length = (over: Partial<ViewerAnnotation> = {}): ViewerAnnotation => ({
  uid: 'a1b2-c3',
  tool: 'Length',
  series_iuid: `${STUDY}.1`,
  sop_iuid: `${STUDY}.1.1`,
  points: [
    [-100.5, -20, 0],
    [40, 12.25, 0],
  ],
  view_plane_normal: [0, 0, -1],
  view_up: [0, -1, 0],
  frame_of_reference_uid: '1.2.3',
  ...over,
});
const save = (token: string, studyUID: string, annotations: unknown[], lang = 'zh-CN') =>
  call(t.p.app, 'PUT', '/wado/annotations', { token, lang, json: { studyUID, annotations } });
const read = async (token: string, studyUID = STUDY) => {
  const r = await call(t.p.app, 'GET', `/wado/annotations?studyUID=${studyUID}`, { token });
  return { status: r.status, data: r.body.data as ViewerAnnotations };
};

describe('/wado/annotations (the web viewer’s saved marks)', () => {
  it('keeps a user’s marks on a study and gives them back; another user sees only their own', async () => {
    expect((await read(t.tok.doctor)).data).toEqual({ annotations: [], updated_at: null });
    const arrow = length({ uid: 'arrow-1', tool: 'ArrowAnnotate', text: '结节 8 mm' });
    const r = await save(t.tok.doctor, STUDY, [length(), arrow]);
    expect(r.status).toBe(200);
    const back = await read(t.tok.doctor);
    expect(back.data.annotations).toEqual([length(), arrow]);
    expect(Date.parse(back.data.updated_at!)).toBeGreaterThan(0);
    expect((await read(t.tok.auditor)).data.annotations).toEqual([]);

    // the whole set is replaced, not merged
    await save(t.tok.doctor, STUDY, [arrow]);
    expect((await read(t.tok.doctor)).data.annotations).toEqual([arrow]);
    await save(t.tok.doctor, STUDY, []);
    expect((await read(t.tok.doctor)).data).toEqual({ annotations: [], updated_at: null });
  });

  it('another hospital’s study is not found, either way, and nothing is written', async () => {
    expect((await read(t.tok.doctor2)).status).toBe(404);
    expect((await save(t.tok.doctor2, STUDY, [length()])).status).toBe(404);
    expect((await save(t.tok.doctor, H002_STUDY, [length()])).status).toBe(404);
    expect((await read(t.tok.admin, H002_STUDY)).data.annotations).toEqual([]);
  });

  it('refuses bad marks in the caller’s language and keeps what was saved', async () => {
    await save(t.tok.doctor, STUDY, [length()]);
    const bad: unknown[][] = [
      [length({ tool: 'Brush' as never })],
      [length({ points: [] })],
      [length({ points: Array.from({ length: 5 }, () => [0, 0, 0] as [number, number, number]) })],
      [{ ...length(), points: [[0, 0, 'x']] }],
      [length({ text: 'x'.repeat(257) })],
      [length({ uid: '<script>' })],
      [{ ...length(), extra: 1 }],
      Array.from({ length: MAX_ANNOTATIONS + 1 }, (_, i) => length({ uid: `u${i}` })),
    ];
    for (const annotations of bad) {
      const r = await save(t.tok.doctor, STUDY, annotations);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(/[\u4e00-\u9fff]/);
    }
    // JSON has no NaN or Infinity; a huge number is out of range
    expect((await save(t.tok.doctor, STUDY, [length({ points: [[1e300, 0, 0]] })])).status).toBe(400);
    expect((await read(t.tok.doctor)).data.annotations).toEqual([length()]);
  });

  it('needs a session: a viewer token neither reads nor saves', async () => {
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: STUDY } });
    const viewerToken = (tok.body.data as { token: string }).token;
    const r = await call(t.p.app, 'GET', `/wado/annotations?studyUID=${STUDY}&token=${viewerToken}`, {});
    expect(r.status).toBe(401);
    expect((await call(t.p.app, 'GET', `/wado/annotations?studyUID=${STUDY}`, {})).status).toBe(401);
    expect((await save(viewerToken, STUDY, [])).status).toBe(401);
  });
});
