import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { pixelDicom, TINY_JPEG, words } from '../../../../tests/support/pixel-dicom';

const t = useImagePlatform();
const A = uid(50); // H001, Zhang^San=张^三: a CT series of 3 (each its own pixels), then a JPEG series
const B = uid(51); // H001, LI^SI: MR
const C = uid(52); // H002
const M = uid(53); // H001: 101 instances, for the bound on attributes read from files

const ct = (study: string, s: number, n: number, o: Partial<Parameters<typeof pixelDicom>[0]> = {}) =>
  pixelDicom({
    study,
    series: `${study}.${s}`,
    sop: `${study}.${s}.${n}`,
    rows: 16,
    cols: 16,
    pixels: words(Array.from({ length: 256 }, (_, i) => (i * (n + 1) * 37) % 4096)),
    ...o,
  });

beforeAll(async () => {
  const up = async (hospital: string, files: Buffer[]) => {
    const a = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [{ name: 'l.zip', data: await zipOf(files.map((data, i) => ({ name: `F${i}`, data }))) }],
      hospital_code: hospital,
    });
    expect(resultOf(a).data.uploaded).toBe(files.length);
  };
  const a = { charset: 'GB18030', patientName: 'Zhang^San=张^三', patientId: 'LV001', studyDate: '20260110' };
  await up('H001', [
    ct(A, 1, 1, a),
    ct(A, 1, 2, a),
    ct(A, 1, 3, a),
    ct(A, 2, 1, { ...a, syntax: '1.2.840.10008.1.2.4.50', jpegFrames: [TINY_JPEG], bitsAllocated: 8, modality: 'OT' }),
    ct(B, 1, 1, { patientName: 'LI^SI', patientId: 'LV002', studyDate: '20260120', modality: 'MR' }),
  ]);
  await up('H002', [ct(C, 1, 1, { patientName: 'Zhang^San', patientId: 'LV003', studyDate: '20260130' })]);
  await up(
    'H001',
    Array.from({ length: 101 }, (_, n) =>
      ct(M, 1, n + 1, { patientId: 'LVMANY', rows: 2, cols: 2, pixels: words([1, 2, 3, 4]) }),
    ),
  );
}, 60_000);

type Json = Record<string, { vr: string; Value?: unknown[] }>;
const get = (path: string, token = t.tok.doctor, accept?: string) =>
  t.p.app.request(path, {
    headers: { 'accept-language': 'en-US', authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
  });
async function qido(path: string, token = t.tok.doctor): Promise<Json[]> {
  const r = await get(path, token);
  expect(r.status, await r.clone().text()).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/dicom+json');
  return (await r.json()) as Json[];
}
const v = (ds: Json, tag: string) => ds[tag]?.Value?.[0];
const col = (list: Json[], tag: string) => list.map((d) => v(d, tag));
const ZHANG = { vr: 'PN', Value: [{ Alphabetic: 'Zhang^San', Ideographic: '张^三' }] };

describe('QIDO-RS below the study level', () => {
  it('GET /dicomweb/series: every study in scope, newest first, with the study’s attributes and its keys', async () => {
    const all = await qido('/dicomweb/series?PatientID=LV00*');
    expect(col(all, '0020000E')).toEqual([`${B}.1`, `${A}.1`, `${A}.2`]);
    expect(all[1]).toMatchObject({
      '00100010': ZHANG,
      '00100020': { Value: ['LV001'] },
      '00080020': { Value: ['20260110'] },
      '0020000D': { Value: [A] },
      '00080060': { Value: ['CT'] },
      '00201209': { Value: [3] },
      '00081190': { Value: [`http://localhost/dicomweb/studies/${A}/series/${A}.1`] },
    });
    // PatientName on any group of the name, at this level too
    expect(col(await qido(`/dicomweb/series?PatientName=${encodeURIComponent('张*')}`), '0020000E')).toEqual([
      `${A}.1`,
      `${A}.2`,
    ]);
    expect(col(await qido('/dicomweb/series?PatientName=zhang%5Esan'), '0020000D')).toEqual([A, A]);
    expect(col(await qido('/dicomweb/series?PatientID=LV00*&Modality=MR'), '0020000E')).toEqual([`${B}.1`]);
    expect(col(await qido('/dicomweb/series?PatientID=LV00*&StudyDate=20260101-20260115'), '0020000D')).toEqual([A, A]);
    // paging
    expect(col(await qido('/dicomweb/series?PatientID=LV00*&limit=2&offset=1'), '0020000E')).toEqual([
      `${A}.1`,
      `${A}.2`,
    ]);
    // within one study: the study's name and matching keys too
    expect((await qido(`/dicomweb/studies/${A}/series`))[0]!['00100010']).toEqual(ZHANG);
    expect(await qido(`/dicomweb/studies/${A}/series?PatientName=li*`)).toEqual([]);
  });

  it('GET /dicomweb/instances: every study in scope, with study, series and instance attributes', async () => {
    const all = await qido('/dicomweb/instances?PatientID=LV00*');
    expect(col(all, '00080018')).toEqual([`${B}.1.1`, `${A}.1.1`, `${A}.1.2`, `${A}.1.3`, `${A}.2.1`]);
    expect(all[4]).toMatchObject({
      '00100010': ZHANG,
      '0020000D': { Value: [A] },
      '0020000E': { Value: [`${A}.2`] },
      '00080060': { Value: ['OT'] },
      '00083002': { Value: ['1.2.840.10008.1.2.4.50'] },
      '00081190': { Value: [`http://localhost/dicomweb/studies/${A}/series/${A}.2/instances/${A}.2.1`] },
    });
    expect(col(await qido(`/dicomweb/instances?PatientName=li%5Esi`), '00080018')).toEqual([`${B}.1.1`]);
    expect(col(await qido(`/dicomweb/instances?SOPInstanceUID=${A}.1.2,${B}.1.1`), '00080018')).toEqual([
      `${B}.1.1`,
      `${A}.1.2`,
    ]);
    expect(col(await qido('/dicomweb/instances?PatientID=LV00*&limit=2&offset=2'), '00080018')).toEqual([
      `${A}.1.2`,
      `${A}.1.3`,
    ]);
    const inStudy = await qido(
      `/dicomweb/studies/${A}/series/${A}.1/instances?PatientName=${encodeURIComponent('张^三')}`,
    );
    expect(inStudy.map((i) => i['00100010'])).toEqual([ZHANG, ZHANG, ZHANG]);
    expect(await qido(`/dicomweb/studies/${A}/instances?PatientName=wang*`)).toEqual([]);
  });

  it('keeps the caller’s scope: another hospital, a viewer token', async () => {
    expect(col(await qido('/dicomweb/series?PatientID=LV00*', t.tok.doctor2), '0020000D')).toEqual([C]);
    expect(col(await qido('/dicomweb/instances?PatientName=zhang*', t.tok.doctor2), '0020000D')).toEqual([C]);
    expect(await qido(`/dicomweb/studies/${A}/series`, t.tok.doctor2)).toEqual([]);
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: B } });
    const viewer = (tok.body.data as { token: string }).token;
    const byToken = async (path: string) =>
      (await (await t.p.app.request(`${path}${path.includes('?') ? '&' : '?'}token=${viewer}`)).json()) as Json[];
    expect(col(await byToken('/dicomweb/series'), '0020000D')).toEqual([B]);
    expect(col(await byToken('/dicomweb/instances?PatientID=LV00*'), '0020000D')).toEqual([B]);
    expect((await t.p.app.request('/dicomweb/series')).status).toBe(401);
  });
});

describe('includefield', () => {
  it('adds what the rows hold, by keyword or tag, comma-separated or repeated, or all; ignores unknown words', async () => {
    const [plain] = await qido(`/dicomweb/studies?StudyInstanceUID=${A}`);
    expect(plain!['00080056']).toBeUndefined();
    const [asked] = await qido(`/dicomweb/studies?StudyInstanceUID=${A}&includefield=InstanceAvailability,NoSuchWord`);
    expect(asked!['00080056']).toEqual({ vr: 'CS', Value: ['ONLINE'] });
    expect(Object.keys(asked!)).toEqual([...Object.keys(plain!), '00080056'].sort());
    const [all] = await qido(`/dicomweb/studies?StudyInstanceUID=${A}&includefield=all`);
    expect(all).toMatchObject({ '00080056': { Value: ['ONLINE'] }, '00321032': { vr: 'PN' }, '00100010': ZHANG });
    const [series] = await qido(`/dicomweb/studies/${A}/series?includefield=00080056&includefield=0008103E`);
    expect(series!['00080056']).toEqual({ vr: 'CS', Value: ['ONLINE'] });
  });

  it('at the instance level reads what the rows do not hold from the stored instance; the rows’ values stand', async () => {
    const [one] = await qido(
      `/dicomweb/studies/${A}/series/${A}.1/instances?SOPInstanceUID=${A}.1.2&includefield=PatientBirthDate,00280100&includefield=PhotometricInterpretation`,
    );
    expect(one).toMatchObject({
      '00100030': { vr: 'DA', Value: ['19800102'] },
      '00280100': { vr: 'US', Value: [16] },
      '00280004': { vr: 'CS', Value: ['MONOCHROME2'] },
      '00100010': ZHANG,
    });
    expect(one!['00280101']).toBeUndefined();
    const [all] = await qido(`/dicomweb/instances?SOPInstanceUID=${A}.1.2&includefield=all`);
    expect(all).toMatchObject({ '00280101': { Value: [16] }, '00100010': ZHANG, '00080056': { Value: ['ONLINE'] } });
    expect(all!['7FE00010']).toBeUndefined();
  });

  it(`reads at most 100 stored instances for one answer, and says when more matched`, async () => {
    const rows = await get('/dicomweb/instances?PatientID=LVMANY&limit=500');
    expect(((await rows.json()) as Json[]).length).toBe(101);
    expect(rows.headers.get('warning')).toBeNull();
    const files = await get('/dicomweb/instances?PatientID=LVMANY&limit=500&includefield=BitsAllocated');
    const list = (await files.json()) as Json[];
    expect(list.length).toBe(100);
    expect(list.every((d) => v(d, '00280100') === 16)).toBe(true);
    expect(files.headers.get('warning')).toMatch(/^299 .*exceeded the maximum supported/);
    const next = await qido('/dicomweb/instances?PatientID=LVMANY&offset=100&includefield=BitsAllocated');
    expect(next.length).toBe(1);
  });
});

describe('thumbnails and rendered studies and series', () => {
  const inst = (s: number, n: number) => `/dicomweb/studies/${A}/series/${A}.${s}/instances/${A}.${s}.${n}`;
  const image = async (path: string, token?: string) => {
    const r = await get(path, token);
    expect([r.status, r.headers.get('content-type')], path).toEqual([200, 'image/jpeg']);
    return Buffer.from(await r.arrayBuffer());
  };

  it('a study or series stands as the middle image of its first series', async () => {
    const middle = await image(`${inst(1, 2)}/thumbnail`);
    expect(await image(`/dicomweb/studies/${A}/thumbnail`)).toEqual(middle);
    expect(await image(`/dicomweb/studies/${A}/series/${A}.1/thumbnail`)).toEqual(middle);
    expect(await image(`/dicomweb/studies/${A}/thumbnail`)).not.toEqual(await image(`${inst(1, 1)}/thumbnail`));
    expect(await image(`/dicomweb/studies/${A}/series/${A}.2/thumbnail`)).toEqual(
      await image(`${inst(2, 1)}/thumbnail`),
    );
    const rendered = await image(`${inst(1, 2)}/rendered?viewport=8,8&window=1000,2000`);
    expect(await image(`/dicomweb/studies/${A}/rendered?viewport=8,8&window=1000,2000`)).toEqual(rendered);
    expect(await image(`/dicomweb/studies/${A}/series/${A}.1/rendered?viewport=8,8&window=1000,2000`)).toEqual(
      rendered,
    );
    expect(await image(`/dicomweb/studies/${A}/series/${A}.2/rendered`)).toEqual(await image(`${inst(2, 1)}/rendered`));
  });

  it('thumbnails are small JPEGs: never enlarged, viewport honoured', async () => {
    expect(await sharp(await image(`/dicomweb/studies/${A}/thumbnail`)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 16,
      height: 16,
    });
    expect(await sharp(await image(`/dicomweb/studies/${A}/thumbnail?viewport=8,8`)).metadata()).toMatchObject({
      width: 8,
      height: 8,
    });
    expect(await sharp(await image(`/dicomweb/studies/${A}/rendered?viewport=32,32`)).metadata()).toMatchObject({
      width: 32,
    });
  });

  it('Accept, bad options and scope as for the instance routes', async () => {
    expect((await get(`/dicomweb/studies/${A}/thumbnail`, t.tok.doctor, 'image/png')).status).toBe(406);
    expect((await get(`/dicomweb/studies/${A}/rendered`, t.tok.doctor, 'image/png')).status).toBe(406);
    expect((await get(`/dicomweb/studies/${A}/rendered?window=abc`)).status).toBe(400);
    expect((await get(`/dicomweb/studies/${A}/thumbnail?viewport=big`)).status).toBe(400);
    expect((await get(`/dicomweb/studies/${A}/series/${B}.1/thumbnail`)).status).toBe(404);
    for (const path of [
      `/dicomweb/studies/${A}/thumbnail`,
      `/dicomweb/studies/${A}/series/${A}.1/thumbnail`,
      `${inst(1, 1)}/thumbnail`,
      `/dicomweb/studies/${A}/rendered`,
      `/dicomweb/studies/${A}/series/${A}.1/rendered`,
    ]) {
      expect((await get(path, t.tok.doctor2)).status, path).toBe(404);
    }
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: B } });
    const viewer = (tok.body.data as { token: string }).token;
    expect((await t.p.app.request(`/dicomweb/studies/${B}/thumbnail?token=${viewer}`)).status).toBe(200);
    expect((await t.p.app.request(`/dicomweb/studies/${A}/thumbnail?token=${viewer}`)).status).toBe(404);
  });
});
