import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { jpegLosslessOf } from '../../../../tests/support/codec-samples';
import { pixelDicom, words } from '../../../../tests/support/pixel-dicom';

const t = useImagePlatform();
const S = uid(30);
const ref = (series: number, n = 1) => ({ studyUID: S, seriesUID: uid(30, series), objectUID: uid(30, series, n) });
/** A 64x64 frame: the left half 0 HU, the right half 400 HU (stored + 1024, rescale intercept -1024). */
const TWO_REGIONS = words(Array.from({ length: 64 * 64 }, (_, i) => (i % 64 < 32 ? 1024 : 1424)));

beforeAll(async () => {
  const spec = (series: number, n = 1) => ({ study: S, series: uid(30, series), sop: uid(30, series, n) });
  const files = [
    pixelDicom({ ...spec(1), rows: 64, cols: 64, pixels: TWO_REGIONS, intercept: '-1024', center: '40', width: '80' }),
    pixelDicom({ ...spec(1, 2), rows: 64, cols: 64, pixels: TWO_REGIONS }),
    buildDicom({ ...spec(2), syntax: 'jpegBaseline' }),
    pixelDicom({ ...spec(3), syntax: '1.2.840.10008.1.2.4.201', rows: 8, cols: 8, jpegFrames: [Buffer.alloc(16)] }),
    buildDicom({ ...spec(4), rows: 512, cols: 512 }),
    // series 1's first image as most CT scanners send it: JPEG lossless SV1 (dcmcjpeg; missing dcmtk fails)
    jpegLosslessOf({
      ...spec(5),
      rows: 64,
      cols: 64,
      pixels: TWO_REGIONS,
      intercept: '-1024',
      center: '40',
      width: '80',
    }),
    // a JPEG 2000 instance whose frame is no code stream
    pixelDicom({ ...spec(6), syntax: '1.2.840.10008.1.2.4.90', rows: 8, cols: 8, jpegFrames: [Buffer.alloc(16)] }),
  ];
  const a = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'r.zip', data: await zipOf(files.map((data, i) => ({ name: `F${i}`, data }))) }],
    hospital_code: 'H001',
  });
  expect(resultOf(a).data.uploaded).toBe(7);
});

const jpegOf = (q: Record<string, string>, token?: string, lang = 'en-US') =>
  t.p.app.request(`/wado?${new URLSearchParams({ requestType: 'WADO', ...q })}`, {
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
async function greyAt(res: Response, x: number, y: number) {
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[y * info.width + x]!;
}

describe('GET /wado image/jpeg', () => {
  it("renders through the file's window, or the one asked for, as a private JPEG", async () => {
    const r = await jpegOf({ ...ref(1), contentType: 'image/jpeg', imageQuality: '100' }, t.tok.doctor);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('cache-control')).toMatch(/^private/);
    const body = Buffer.from(await r.clone().arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    // the file's window 0..80 HU: 0 HU black, 400 HU white
    expect(await greyAt(r, 8, 32)).toBeLessThanOrEqual(3);
    expect(await greyAt(await jpegOf({ ...ref(1), imageQuality: '100' }, t.tok.doctor), 56, 32)).toBeGreaterThanOrEqual(
      252,
    );
    // asked: 200 +- 400 HU puts 0 HU at a quarter, 400 HU at three quarters
    const asked = { ...ref(1), windowCenter: '200', windowWidth: '800', imageQuality: '100' };
    expect(Math.abs((await greyAt(await jpegOf(asked, t.tok.doctor), 8, 32)) - 64)).toBeLessThanOrEqual(3);
    expect(Math.abs((await greyAt(await jpegOf(asked, t.tok.doctor), 56, 32)) - 191)).toBeLessThanOrEqual(3);
    // no window in the file: the frame's own range
    expect(await greyAt(await jpegOf({ ...ref(1, 2), imageQuality: '100' }, t.tok.doctor), 56, 32)).toBeGreaterThan(
      250,
    );
  });

  it('answers a 512x512 16-bit CT, whole and as a 128 px thumbnail, read from the store, in well under 100 ms', async () => {
    const time = async (q: Record<string, string>) => {
      expect((await jpegOf({ ...ref(4), ...q }, t.tok.doctor)).status).toBe(200);
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) await (await jpegOf({ ...ref(4), ...q }, t.tok.doctor)).arrayBuffer();
      return (performance.now() - t0) / 10;
    };
    await time({});
    const full = await time({});
    const thumb = await time({ rows: '128', columns: '128' });
    console.log(`GET /wado image/jpeg, 512x512 CT: ${full.toFixed(1)} ms; 128 px thumbnail: ${thumb.toFixed(1)} ms`);
    expect(full).toBeLessThan(100);
    expect(thumb).toBeLessThan(100);
  });

  it('serves the thumbnail URL the image list and viewer use, with a viewer token', async () => {
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: S } });
    const viewer = (tok.body.data as { token: string }).token;
    const q = { ...ref(1), contentType: 'image/jpeg', rows: '128', columns: '128', token: viewer };
    const r = await jpegOf(q);
    expect(r.status).toBe(200);
    expect(await sharp(Buffer.from(await r.arrayBuffer())).metadata()).toMatchObject({ width: 128, height: 128 });
    const jpeg = await jpegOf({ ...ref(2), rows: '8', token: viewer });
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', height: 8 });
    // a token of another study opens none of this one
    const own = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: t.h001Study } });
    expect((await jpegOf({ ...q, token: (own.body.data as { token: string }).token })).status).toBe(404);
  });

  it('renders a JPEG lossless instance as its native twin renders (WADO-URI, DICOMweb rendered, thumbnail)', async () => {
    const r = await jpegOf({ ...ref(5), contentType: 'image/jpeg', imageQuality: '100' }, t.tok.doctor);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    // the file's window 0..80 HU, as for series 1: 0 HU black, 400 HU white
    expect(await greyAt(r.clone(), 8, 32)).toBeLessThanOrEqual(3);
    expect(await greyAt(r, 56, 32)).toBeGreaterThanOrEqual(252);
    const { studyUID, seriesUID, objectUID } = ref(5);
    const rendered = await t.p.app.request(
      `/dicomweb/studies/${studyUID}/series/${seriesUID}/instances/${objectUID}/rendered`,
      { headers: { authorization: `Bearer ${t.tok.doctor}`, accept: 'image/jpeg' } },
    );
    expect(rendered.status).toBe(200);
    expect(await greyAt(rendered, 56, 32)).toBeGreaterThanOrEqual(250);
    const thumb = await jpegOf({ ...ref(5), rows: '16', columns: '16' }, t.tok.doctor);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 16, height: 16 });
    // a frame that does not decode is 406 naming the syntax, not a server error
    const bad = await jpegOf(ref(6), t.tok.doctor, 'en-US');
    expect(bad.status).toBe(406);
    expect(((await bad.json()) as { msg: string }).msg).toContain('This image cannot be shown');
  });

  it('an unsupported transfer syntax is 406 naming it, in the caller’s language', async () => {
    const en = await jpegOf(ref(3), t.tok.doctor, 'en-US');
    expect(en.status).toBe(406);
    expect(((await en.json()) as { msg: string }).msg).toBe(
      'This image cannot be shown: transfer syntax HTJ2K Lossless (1.2.840.10008.1.2.4.201) is not supported; download the DICOM file (application/dicom)',
    );
    const zh = await jpegOf(ref(3), t.tok.doctor, 'zh-CN');
    expect(zh.status).toBe(406);
    expect(((await zh.json()) as { msg: string }).msg).toBe(
      '无法显示该图像：不支持传输语法 HTJ2K Lossless (1.2.840.10008.1.2.4.201)，请下载 DICOM 原图（application/dicom）',
    );
    // its stored bytes are still served
    expect((await jpegOf({ ...ref(3), contentType: 'application/dicom' }, t.tok.doctor)).status).toBe(200);
  });

  it('bad parameters are 400 naming the field; a frame past the last is 400 naming frameNumber', async () => {
    for (const [q, field] of [
      [{ windowCenter: '40' }, 'windowWidth'],
      [{ windowWidth: '0', windowCenter: '1' }, 'windowWidth'],
      [{ imageQuality: '101' }, 'imageQuality'],
      [{ rows: 'abc' }, 'rows'],
      [{ columns: '0' }, 'columns'],
      [{ frameNumber: '2' }, 'frameNumber'],
    ] as const) {
      const r = await jpegOf({ ...ref(1), ...q }, t.tok.doctor);
      expect(r.status, JSON.stringify(q)).toBe(400);
      const body = (await r.json()) as { errors: { field: string }[] };
      expect(body.errors.map((e) => e.field)).toEqual([field]);
    }
  });

  it('another hospital and a deleted image get 404, never 403', async () => {
    expect((await jpegOf(ref(1), t.tok.doctor2)).status).toBe(404);
    await call(t.p.app, 'POST', '/wado/deleteImage', {
      token: t.tok.doctor,
      json: { study_iuid: S, sop_iuids: uid(30, 1, 2) },
    });
    expect((await jpegOf(ref(1, 2), t.tok.doctor)).status).toBe(404);
    expect((await jpegOf(ref(1, 2), t.tok.admin)).status).toBe(404);
  });
});
