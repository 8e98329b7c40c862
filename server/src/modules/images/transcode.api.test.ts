import { beforeAll, describe, expect, it } from 'vitest';
import { dcmtkEncode, jpegLosslessOf } from '../../../../tests/support/codec-samples';
import { uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { multipartParts } from '../../../../tests/support/multipart';
import { pixelDicom, words, type PixelSpec } from '../../../../tests/support/pixel-dicom';
import { PIXEL_DATA, readDataSet } from './dicom-dataset';

/**
 * Compressed instances to every DICOMweb and WADO-URI client: the stored bytes when the client takes the stored
 * syntax, decoded explicit VR little endian when it asks for that (or names no syntax on a retrieve).
 */
const t = useImagePlatform();
const S = uid(60);
const LOSSLESS = '1.2.840.10008.1.2.4.70';
const EXPLICIT = '1.2.840.10008.1.2.1';
const PIXELS = words(Array.from({ length: 32 * 32 }, (_, i) => (i * 37) % 4096));
const spec = (n: number, o: Partial<PixelSpec> = {}): PixelSpec => ({
  study: S,
  series: uid(60, 1),
  sop: uid(60, 1, n),
  rows: 32,
  cols: 32,
  pixels: PIXELS,
  bitsStored: 12,
  highBit: 11,
  patientId: 'TC001',
  ...o,
});
const ct = jpegLosslessOf(spec(1));
const rleTwoFrames = dcmtkEncode(
  pixelDicom(spec(2, { frames: 2, pixels: Buffer.concat([PIXELS, Buffer.from(PIXELS).reverse()]) })),
  'dcmcrle',
);
const broken = pixelDicom({
  ...spec(3),
  pixels: undefined,
  syntax: LOSSLESS,
  jpegFrames: [Buffer.from('not a frame!')],
});

beforeAll(async () => {
  const up = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [
      {
        name: 'tc.zip',
        data: await zipOf([
          { name: 'ct.dcm', data: ct },
          { name: 'rle.dcm', data: rleTwoFrames },
          { name: 'broken.dcm', data: broken },
        ]),
      },
    ],
    hospital_code: 'H001',
  });
  expect(resultOf(up).data.uploaded).toBe(3);
});

const inst = (n: number) => `/dicomweb/studies/${S}/series/${uid(60, 1)}/instances/${uid(60, 1, n)}`;
const get = (path: string, accept?: string, lang = 'en-US', token = t.tok.doctor) =>
  t.p.app.request(path, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...(accept ? { accept } : {}) },
  });
const octet = (ts: string) => `multipart/related; type="application/octet-stream"; transfer-syntax=${ts}`;

describe('WADO-RS frames of a compressed instance', () => {
  it('decodes a JPEG Lossless frame for explicit little endian; the stored bytes for transfer-syntax=*', async () => {
    const decoded = await multipartParts(await get(`${inst(1)}/frames/1`, octet(EXPLICIT)));
    expect(decoded.parts[0]!.headers['content-type']).toBe(`application/octet-stream; transfer-syntax=${EXPLICIT}`);
    expect(decoded.parts[0]!.data.equals(PIXELS)).toBe(true);
    // OHIF's Accept: the frame as stored, labelled with its syntax
    const stored = await multipartParts(await get(`${inst(1)}/frames/1`, octet('*')));
    expect(stored.parts[0]!.headers['content-type']).toBe(`application/octet-stream; transfer-syntax=${LOSSLESS}`);
    const fragment = readDataSet(ct).elements.get(PIXEL_DATA)!.fragments![0]!;
    expect(stored.parts[0]!.data.equals(fragment)).toBe(true);
    // no transfer-syntax on octet-stream is explicit little endian too
    const plain = await multipartParts(
      await get(`${inst(1)}/frames/1`, 'multipart/related; type=application/octet-stream'),
    );
    expect(plain.parts[0]!.data.equals(PIXELS)).toBe(true);
  });

  it('frames of a multi-frame RLE instance by number, decoded', async () => {
    const r = await multipartParts(await get(`${inst(2)}/frames/2,1`, octet(EXPLICIT)));
    expect(
      r.parts.map((p) => p.headers['content-location']?.endsWith(`/frames/${['2', '1'][r.parts.indexOf(p)]}`)),
    ).toEqual([true, true]);
    expect(r.parts[0]!.data.equals(Buffer.from(PIXELS).reverse())).toBe(true);
    expect(r.parts[1]!.data.equals(PIXELS)).toBe(true);
  });

  it('a frame that does not decode is 406 naming the syntax in the caller’s language; another codec is 406', async () => {
    const zh = await get(`${inst(3)}/frames/1`, octet(EXPLICIT), 'zh-CN');
    expect(zh.status).toBe(406);
    expect(((await zh.json()) as { msg: string }).msg).toContain('JPEG Lossless SV1');
    expect((await get(`${inst(1)}/frames/1`, 'multipart/related; type="image/jp2"')).status).toBe(406);
    // still served as stored to a client that decodes it
    expect((await get(`${inst(3)}/frames/1`, octet('*'))).status).toBe(200);
  });
});

describe('WADO-RS retrieve and WADO-URI of a compressed instance', () => {
  it('retrieve with no transfer-syntax transcodes to explicit little endian; * gives the stored file', async () => {
    const r = await multipartParts(await get(inst(1), 'multipart/related; type="application/dicom"'));
    expect(r.parts[0]!.headers['content-type']).toBe(`application/dicom; transfer-syntax=${EXPLICIT}`);
    const ds = readDataSet(r.parts[0]!.data);
    expect(ds.transferSyntax).toBe(EXPLICIT);
    expect(ds.elements.get(PIXEL_DATA)!.value!.equals(PIXELS)).toBe(true);
    const stored = await multipartParts(
      await get(inst(1), 'multipart/related; type="application/dicom"; transfer-syntax=*'),
    );
    expect(stored.parts[0]!.headers['content-type']).toBe(`application/dicom; transfer-syntax=${LOSSLESS}`);
    expect(stored.parts[0]!.data.equals(ct)).toBe(true);
    // a study: the instance that cannot be decoded is left out, the others come
    const study = await multipartParts(
      await get(`/dicomweb/studies/${S}`, 'multipart/related; type="application/dicom"'),
    );
    expect(study.parts.length).toBe(2);
    expect(study.parts.every((p) => readDataSet(p.data).transferSyntax === EXPLICIT)).toBe(true);
  });

  it('WADO-URI: as stored by default, transferSyntax=1.2.840.10008.1.2.1 transcodes, another is 406', async () => {
    const q = { studyUID: S, seriesUID: uid(60, 1), objectUID: uid(60, 1, 1) };
    const stored = await t.wado(q, t.tok.doctor);
    expect(Buffer.from(await stored.arrayBuffer()).equals(ct)).toBe(true);
    const explicit = await t.wado({ ...q, transferSyntax: EXPLICIT }, t.tok.doctor);
    expect(explicit.status).toBe(200);
    const ds = readDataSet(Buffer.from(await explicit.arrayBuffer()));
    expect([ds.transferSyntax, ds.elements.get(PIXEL_DATA)!.value!.equals(PIXELS)]).toEqual([EXPLICIT, true]);
    const jls = await t.wado({ ...q, transferSyntax: '1.2.840.10008.1.2.4.80' }, t.tok.doctor);
    expect(jls.status).toBe(406);
    expect(((await jls.json()) as { msg: string }).msg).toContain('1.2.840.10008.1.2.4.80');
    const bad = await t.wado({ ...q, objectUID: uid(60, 1, 3), transferSyntax: EXPLICIT }, t.tok.doctor);
    expect(bad.status).toBe(406);
  });

  it('scope holds: another hospital’s doctor gets nothing decoded', async () => {
    expect((await get(`${inst(1)}/frames/1`, octet(EXPLICIT), 'en-US', t.tok.doctor2)).status).toBe(404);
  });
});
