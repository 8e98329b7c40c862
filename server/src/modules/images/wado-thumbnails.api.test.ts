import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { pixelDicom, words } from '../../../../tests/support/pixel-dicom';

const t = useImagePlatform();
const S = uid(35);
const OTHER = uid(36);
const sop = (n: number) => uid(35, 1, n);
/** A 64x64 frame: the left half 0 HU, the right half 400 HU, windowed 0..80 HU by the file. */
const TWO_REGIONS = words(Array.from({ length: 64 * 64 }, (_, i) => (i % 64 < 32 ? 1024 : 1424)));

beforeAll(async () => {
  const spec = (n: number) => ({ study: S, series: uid(35, 1), sop: sop(n) });
  const files = [
    pixelDicom({ ...spec(1), rows: 64, cols: 64, pixels: TWO_REGIONS, intercept: '-1024', center: '40', width: '80' }),
    buildDicom({ ...spec(2), rows: 512, cols: 512 }),
    // a JPEG 2000 image whose frame is no code stream: listed, not drawable
    pixelDicom({ ...spec(3), syntax: '1.2.840.10008.1.2.4.90', rows: 8, cols: 8, jpegFrames: [Buffer.alloc(16)] }),
    buildDicom({ ...spec(4), rows: 64, cols: 64 }),
    buildDicom({ ...spec(5), rows: 64, cols: 64 }),
  ];
  const other = buildDicom({ study: OTHER, series: uid(36, 1), sop: uid(36, 1, 1), rows: 64, cols: 64 });
  for (const [hospital_code, list] of [
    ['H001', files],
    ['H002', [other]],
  ] as const) {
    const r = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [{ name: 't.zip', data: await zipOf(list.map((data, i) => ({ name: `F${i}`, data }))) }],
      hospital_code,
    });
    expect(resultOf(r).data.uploaded).toBe(list.length);
  }
  const del = await call(t.p.app, 'POST', '/wado/deleteImage', {
    token: t.tok.admin,
    json: { study_iuid: S, sop_iuids: sop(4) },
  });
  expect(del.status).toBe(200);
});

const thumbs = (token: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', '/wado/thumbnails', { token, json, lang });
type Answer = { data: { thumbs: { sop_iuid: string; jpeg: string | null }[] }; msg: string };

describe('POST /wado/thumbnails', () => {
  it("answers each image asked, in order: the JPEG fitted in 128x128 through the file's window, null where there is none", async () => {
    const asked = [sop(2), sop(1), sop(3), sop(4), uid(36, 1, 1), uid(35, 1, 99)];
    const r = await thumbs(t.tok.doctor, { study_iuid: S, sop_iuids: asked });
    expect(r.status).toBe(200);
    const got = (r.body as unknown as Answer).data.thumbs;
    expect(got.map((x) => x.sop_iuid)).toEqual(asked);
    // the undrawable, the deleted, another study's and an unknown image: the placeholder
    expect(got.slice(2).map((x) => x.jpeg)).toEqual([null, null, null, null]);
    const big = await sharp(Buffer.from(got[0]!.jpeg!, 'base64')).metadata();
    expect(big).toMatchObject({ format: 'jpeg', width: 128, height: 128 });
    const { data, info } = await sharp(Buffer.from(got[1]!.jpeg!, 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // not enlarged; 0 HU black and 400 HU white in the file's window 0..80
    expect([info.width, info.height]).toEqual([64, 64]);
    expect(data[32 * 64 + 8]).toBeLessThanOrEqual(5);
    expect(data[32 * 64 + 56]).toBeGreaterThanOrEqual(250);
  });

  it('keeps a thumbnail once drawn: answered again after its file is gone; a file gone before is null', async () => {
    const ask = async () =>
      ((await thumbs(t.tok.doctor, { study_iuid: S, sop_iuids: [sop(2)] })).body as unknown as Answer).data.thumbs[0]!;
    const first = await ask();
    expect(first.jpeg).toMatch(/^\/9j\//);
    const keyOf = async (s: string) =>
      (await t.rows<{ storage_key: string }>(sql`select storage_key from instance where sop_iuid = ${s}`))[0]!
        .storage_key;
    for (const s of [sop(2), sop(5)]) await rm(path.join(t.dataDir, 'images', await keyOf(s)));
    expect((await ask()).jpeg).toBe(first.jpeg);
    const gone = await thumbs(t.tok.doctor, { study_iuid: S, sop_iuids: [sop(5), sop(2)] });
    expect((gone.body as unknown as Answer).data.thumbs.map((x) => x.jpeg)).toEqual([null, first.jpeg]);
  });

  it("another hospital's study is not known (404), to the caller in their language; no session is 401", async () => {
    const r = await thumbs(t.tok.doctor2, { study_iuid: S, sop_iuids: [sop(1)] }, 'zh-CN');
    expect(r.status).toBe(404);
    expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const anon = await call(t.p.app, 'POST', '/wado/thumbnails', { json: { study_iuid: S, sop_iuids: [sop(1)] } });
    expect(anon.status).toBe(401);
  });

  it('refuses none, more than 48, or a malformed UID with 400 naming the field', async () => {
    for (const sop_iuids of [[], Array.from({ length: 49 }, (_, i) => uid(35, 1, i + 1)), ['1.2.x']]) {
      const r = await thumbs(t.tok.doctor, { study_iuid: S, sop_iuids });
      expect(r.status).toBe(400);
      expect(r.text).toContain('sop_iuids');
    }
  });
});
