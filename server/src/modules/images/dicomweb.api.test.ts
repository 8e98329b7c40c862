import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, TINY_JPEG, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { multipartParts as parts } from '../../../../tests/support/multipart';
import { pixelDicom, words } from '../../../../tests/support/pixel-dicom';

const t = useImagePlatform();
const A = uid(40); // H001: CT series (2 native instances, GB18030 name) and a JPEG series
const B = uid(41); // H001: MR
const C = uid(42); // H002: CT
const PIXELS = words(Array.from({ length: 16 * 16 }, (_, i) => i));
const files: Record<string, Buffer> = {
  a1: pixelDicom({
    study: A,
    series: uid(40, 1),
    sop: uid(40, 1, 1),
    rows: 16,
    cols: 16,
    pixels: PIXELS,
    charset: 'GB18030',
    patientName: 'Zhang^San=张^三',
    patientId: 'DW001',
    accession: 'DWACC1',
    studyDate: '20260315',
  }),
  a2: pixelDicom({
    study: A,
    series: uid(40, 1),
    sop: uid(40, 1, 2),
    rows: 16,
    cols: 16,
    pixels: PIXELS,
    patientId: 'DW001',
    studyDate: '20260315',
  }),
  a3: buildDicom({ study: A, series: uid(40, 2), sop: uid(40, 2, 1), syntax: 'jpegBaseline', patientId: 'DW001' }),
  b1: pixelDicom({
    study: B,
    series: uid(41, 1),
    sop: uid(41, 1, 1),
    rows: 8,
    cols: 8,
    pixels: words(Array(64).fill(1)),
    modality: 'MR',
    patientName: 'LI^SI',
    patientId: 'DW002',
    studyDate: '20260320',
  }),
  c1: pixelDicom({
    study: C,
    series: uid(42, 1),
    sop: uid(42, 1, 1),
    rows: 8,
    cols: 8,
    pixels: words(Array(64).fill(1)),
    patientId: 'DW003',
    studyDate: '20260315',
  }),
};

beforeAll(async () => {
  const up = async (hospital: string, names: string[]) => {
    const a = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [{ name: 'dw.zip', data: await zipOf(names.map((n) => ({ name: n, data: files[n]! }))) }],
      hospital_code: hospital,
    });
    expect(resultOf(a).data.uploaded).toBe(names.length);
  };
  await up('H001', ['a1', 'a2', 'a3', 'b1']);
  await up('H002', ['c1']);
});

type Json = Record<string, { vr: string; Value?: unknown[]; BulkDataURI?: string; InlineBinary?: string }>;
const get = (path: string, token?: string, accept?: string, lang = 'en-US') =>
  t.p.app.request(path, {
    headers: {
      'accept-language': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(accept ? { accept } : {}),
    },
  });
async function qido(path: string, token: string): Promise<Json[]> {
  const r = await get(path, token);
  expect(r.status, await r.clone().text()).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/dicom+json');
  return (await r.json()) as Json[];
}
const uidsOf = (list: Json[]) => list.map((s) => s['0020000D']!.Value![0]).sort();
const value = (ds: Json, tag: string) => ds[tag]?.Value?.[0];

describe('QIDO-RS', () => {
  it('matches PatientID and PatientName wildcards, StudyDate ranges, modality, UID lists, limit and offset', async () => {
    const d = t.tok.doctor;
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*', d))).toEqual([A, B]);
    expect(uidsOf(await qido('/dicomweb/studies?00100020=DW002', d))).toEqual([B]);
    expect(uidsOf(await qido(`/dicomweb/studies?PatientName=${encodeURIComponent('张*')}`, d))).toEqual([A]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientName=li%5Esi', d))).toEqual([B]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientName=L%3FSI', d))).toEqual([]);
    // every group of the name: the Latin one of 'Zhang^San=张^三' too, as sent or as a display name
    expect(uidsOf(await qido('/dicomweb/studies?PatientName=zhang*', d))).toEqual([A]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientName=Zhang%5ESan', d))).toEqual([A]);
    expect(uidsOf(await qido(`/dicomweb/studies?PatientName=${encodeURIComponent('Wang^Wu=张^三')}`, d))).toEqual([A]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*&StudyDate=20260314-20260316', d))).toEqual([A]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*&StudyDate=20260316-', d))).toEqual([B]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*&StudyDate=20260315', d))).toEqual([A]);
    expect(uidsOf(await qido('/dicomweb/studies?ModalitiesInStudy=MR', d))).toEqual([B]);
    expect(uidsOf(await qido('/dicomweb/studies?ModalitiesInStudy=OT,MR', d))).toEqual([A, B]);
    expect(uidsOf(await qido('/dicomweb/studies?AccessionNumber=DWACC1', d))).toEqual([A]);
    expect(uidsOf(await qido(`/dicomweb/studies?StudyInstanceUID=${A},${C}`, d))).toEqual([A]);
    expect(uidsOf(await qido(`/dicomweb/studies?StudyInstanceUID=${A}&StudyInstanceUID=${B}`, d))).toEqual([A, B]);
    // newest first, paged
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*&limit=1', d))).toEqual([B]);
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*&limit=1&offset=1', d))).toEqual([A]);
    // includefield, fuzzymatching and keys not supported are accepted; nothing matching is []
    expect(
      await qido('/dicomweb/studies?PatientID=NOPE&includefield=00081030&includefield=all&fuzzymatching=false', d),
    ).toEqual([]);
    const bad = await get('/dicomweb/studies?StudyDate=2026', d);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('StudyDate');
  });

  it('answers the DICOM JSON model with what a study list needs', async () => {
    const [a] = await qido(`/dicomweb/studies?StudyInstanceUID=${A}`, t.tok.doctor);
    expect(a).toMatchObject({
      '00080020': { vr: 'DA', Value: ['20260315'] },
      '00080030': { vr: 'TM', Value: ['101500'] },
      '00080050': { vr: 'SH', Value: ['DWACC1'] },
      // the name's groups as sent (the study row keeps the PN), not the display name in both
      '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Zhang^San', Ideographic: '张^三' }] },
      '00100020': { vr: 'LO', Value: ['DW001'] },
      '00100040': { vr: 'CS', Value: ['F'] },
      '0020000D': { vr: 'UI', Value: [A] },
      '00201206': { vr: 'IS', Value: [2] },
      '00201208': { vr: 'IS', Value: [3] },
      '00081190': { vr: 'UR', Value: [`http://localhost/dicomweb/studies/${A}`] },
    });
    expect(a!['00080061']!.Value!.slice().sort()).toEqual(['CT', 'OT']);
    const series = await qido(`/dicomweb/studies/${A}/series`, t.tok.doctor);
    expect(series.map((s) => [value(s, '0020000E'), value(s, '00080060'), value(s, '00201209')])).toEqual([
      [uid(40, 1), 'CT', 2],
      [uid(40, 2), 'OT', 1],
    ]);
    expect((await qido(`/dicomweb/studies/${A}/series?Modality=OT`, t.tok.doctor)).length).toBe(1);
    const inst = await qido(`/dicomweb/studies/${A}/series/${uid(40, 2)}/instances`, t.tok.doctor);
    expect(inst[0]).toMatchObject({
      '00080018': { Value: [uid(40, 2, 1)] },
      '00083002': { Value: ['1.2.840.10008.1.2.4.50'] },
      '00280010': { vr: 'US', Value: [16] },
    });
    expect((await qido(`/dicomweb/studies/${A}/instances`, t.tok.doctor)).length).toBe(3);
    expect((await qido(`/dicomweb/studies/${A}/instances?SOPInstanceUID=${uid(40, 1, 2)}`, t.tok.doctor)).length).toBe(
      1,
    );
  });
});

describe('WADO-RS', () => {
  const inst = (series: number, n: number) =>
    `/dicomweb/studies/${A}/series/${uid(40, series)}/instances/${uid(40, series, n)}`;

  it('retrieves the stored bytes as multipart/related application/dicom, part by part', async () => {
    const r = await get(
      `/dicomweb/studies/${A}`,
      t.tok.doctor,
      'multipart/related; type="application/dicom"; transfer-syntax=*',
    );
    expect(r.status).toBe(200);
    const m = await parts(r);
    expect(m.type).toMatch(/^multipart\/related; type="application\/dicom"; boundary=/);
    expect(m.parts.map((p) => p.headers['content-type'])).toEqual([
      'application/dicom; transfer-syntax=1.2.840.10008.1.2.1',
      'application/dicom; transfer-syntax=1.2.840.10008.1.2.1',
      'application/dicom; transfer-syntax=1.2.840.10008.1.2.4.50',
    ]);
    expect(m.parts.map((p) => p.data.equals(files[['a1', 'a2', 'a3'][m.parts.indexOf(p)]!]!))).toEqual([
      true,
      true,
      true,
    ]);
    const one = await parts(await get(inst(1, 2), t.tok.doctor));
    expect(one.parts.length).toBe(1);
    expect(one.parts[0]!.data.equals(files.a2!)).toBe(true);
    expect((await parts(await get(`/dicomweb/studies/${A}/series/${uid(40, 1)}`, t.tok.doctor))).parts.length).toBe(2);
    // what cannot be given: another transfer syntax, another media type
    const ts = await get(
      inst(1, 1),
      t.tok.doctor,
      'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.4.50',
    );
    expect(ts.status).toBe(406);
    const pdf = await get(inst(1, 1), t.tok.doctor, 'application/pdf', 'zh-CN');
    expect(pdf.status).toBe(406);
    expect(((await pdf.json()) as { msg: string }).msg).toContain('application/pdf');
  });

  it('metadata: every attribute but the pixel data (a BulkDataURI), text by its character set', async () => {
    const r = await get(`${inst(1, 1)}/metadata`, t.tok.doctor);
    expect(r.headers.get('content-type')).toBe('application/dicom+json');
    const [ds] = (await r.json()) as Json[];
    expect(ds!['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'Zhang^San', Ideographic: '张^三' }] });
    expect(ds!['00080005']).toEqual({ vr: 'CS', Value: ['ISO_IR 192'] });
    expect(ds!['00280010']).toEqual({ vr: 'US', Value: [16] });
    expect(ds!['7FE00010']).toEqual({ vr: 'OW', BulkDataURI: `http://localhost${inst(1, 1)}/frames/1` });
    expect(JSON.stringify(ds)).not.toContain('InlineBinary":"AAAB');
    const all = (await (await get(`/dicomweb/studies/${A}/metadata`, t.tok.doctor)).json()) as Json[];
    expect(all.map((d) => value(d, '00080018'))).toEqual([uid(40, 1, 1), uid(40, 1, 2), uid(40, 2, 1)]);
    expect(
      ((await (await get(`/dicomweb/studies/${A}/series/${uid(40, 2)}/metadata`, t.tok.doctor)).json()) as Json[])
        .length,
    ).toBe(1);
  });

  it('frames: uncompressed as application/octet-stream, JPEG as stored with its transfer syntax', async () => {
    const native = await parts(await get(`${inst(1, 1)}/frames/1`, t.tok.doctor));
    expect(native.type).toMatch(/type="application\/octet-stream"/);
    expect(native.parts[0]!.headers['content-type']).toBe(
      'application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1',
    );
    expect(native.parts[0]!.data.equals(PIXELS)).toBe(true);
    const accept = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
    const jpeg = await parts(await get(`${inst(2, 1)}/frames/1`, t.tok.doctor, accept));
    expect(jpeg.parts[0]!.headers['content-type']).toBe(
      'application/octet-stream; transfer-syntax=1.2.840.10008.1.2.4.50',
    );
    expect(jpeg.parts[0]!.data.subarray(0, TINY_JPEG.length).equals(TINY_JPEG)).toBe(true);
    const asJpeg = await parts(
      await get(`${inst(2, 1)}/frames/1`, t.tok.doctor, 'multipart/related; type="image/jpeg"'),
    );
    expect(asJpeg.parts[0]!.headers['content-type']).toBe('image/jpeg; transfer-syntax=1.2.840.10008.1.2.4.50');
    // a JPEG frame is not answered as another image type
    expect((await get(`${inst(2, 1)}/frames/1`, t.tok.doctor, 'multipart/related; type="image/jls"')).status).toBe(406);
    expect((await get(`${inst(1, 1)}/frames/2`, t.tok.doctor)).status).toBe(404);
  });

  it('rendered: image/jpeg at instance and frame level, viewport and window', async () => {
    const r = await get(`${inst(1, 1)}/rendered`, t.tok.doctor);
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(await sharp(Buffer.from(await r.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 16 });
    const small = await get(`${inst(2, 1)}/frames/1/rendered?viewport=8,8&quality=50&window=128,256`, t.tok.doctor);
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 8, height: 8 });
    expect((await get(`${inst(1, 1)}/rendered`, t.tok.doctor, 'image/png')).status).toBe(406);
    expect((await get(`${inst(1, 1)}/rendered?window=abc`, t.tok.doctor)).status).toBe(400);
  });
});

describe('DICOMweb scope', () => {
  it('doctor2 (H002) sees nothing of H001: not in QIDO, 404 on every WADO-RS path', async () => {
    const d2 = t.tok.doctor2;
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*', d2))).toEqual([C]);
    expect(await qido(`/dicomweb/studies?StudyInstanceUID=${A}`, d2)).toEqual([]);
    expect(await qido(`/dicomweb/studies/${A}/series`, d2)).toEqual([]);
    expect(await qido(`/dicomweb/studies/${A}/instances`, d2)).toEqual([]);
    for (const path of [
      `/dicomweb/studies/${A}`,
      `/dicomweb/studies/${A}/metadata`,
      `/dicomweb/studies/${A}/series/${uid(40, 1)}/instances/${uid(40, 1, 1)}/frames/1`,
      `/dicomweb/studies/${A}/series/${uid(40, 1)}/instances/${uid(40, 1, 1)}/rendered`,
    ]) {
      const r = await get(path, d2);
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toContain('DICM');
    }
    expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*', t.tok.admin))).toEqual([A, B, C]);
    expect((await get('/dicomweb/studies')).status).toBe(401);
  });

  it('a data2-limited user sees only their modalities', async () => {
    const limit = (m: string[]) =>
      t.p.deps.db.execute(sql`update sys_user set data2 = ${JSON.stringify(m)}::jsonb where username = 'auditor'`);
    await limit(['MR']);
    try {
      expect(uidsOf(await qido('/dicomweb/studies?PatientID=DW*', t.tok.auditor))).toEqual([B]);
      expect((await get(`/dicomweb/studies/${A}/metadata`, t.tok.auditor)).status).toBe(404);
    } finally {
      await limit([]);
    }
  });

  it('a viewer token opens its own study only; deleted images vanish from every answer', async () => {
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: B } });
    const viewer = (tok.body.data as { token: string }).token;
    expect(uidsOf(await qido(`/dicomweb/studies?token=${viewer}`, ''))).toEqual([B]);
    expect((await get(`/dicomweb/studies/${A}/metadata?token=${viewer}`)).status).toBe(404);
    expect((await get(`/dicomweb/studies/${B}/metadata?token=${viewer}`)).status).toBe(200);
    expect((await get(`/dicomweb/studies?token=${'x'.repeat(43)}`)).status).toBe(401);

    const del = await call(t.p.app, 'POST', '/wado/deleteImage', {
      token: t.tok.doctor,
      json: { study_iuid: A, sop_iuids: uid(40, 1, 2) },
    });
    expect(del.status).toBe(200);
    const [a] = await qido(`/dicomweb/studies?StudyInstanceUID=${A}`, t.tok.doctor);
    expect(value(a!, '00201208')).toBe(2);
    expect(
      (await qido(`/dicomweb/studies/${A}/instances`, t.tok.doctor)).map((i) => value(i, '00080018')),
    ).not.toContain(uid(40, 1, 2));
    expect(
      (await get(`/dicomweb/studies/${A}/series/${uid(40, 1)}/instances/${uid(40, 1, 2)}`, t.tok.doctor)).status,
    ).toBe(404);
    expect((await parts(await get(`/dicomweb/studies/${A}`, t.tok.doctor))).parts.length).toBe(2);
    const meta = (await (await get(`/dicomweb/studies/${A}/metadata`, t.tok.doctor)).json()) as Json[];
    expect(meta.map((d) => value(d, '00080018'))).not.toContain(uid(40, 1, 2));
  });
});
