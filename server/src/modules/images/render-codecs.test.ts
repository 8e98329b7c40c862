import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { dcmtkEncode, makeSamples, SOURCES, type Sample } from '../../../../tests/support/codec-samples';
import { pixelDicom } from '../../../../tests/support/pixel-dicom';
import { PIXEL_DATA, readDataSet } from './dicom-dataset';
import { loadedCodecs } from './decode/wasm-codecs';
import { renderFrame, RenderRefused, type RenderOptions } from './render';

const ids = { study: '1.2.3', series: '1.2.3.4', sop: '1.2.3.4.5' };

/**
 * Every compressed syntax the archive accepts renders like the native image it was made from: JPEG lossless
 * (.57, .70), 12-bit JPEG extended (.51), JPEG-LS (.80, .81), JPEG 2000 (.90, .91) and RLE (.5), for a
 * 12-bit and a signed 16-bit CT, an 8-bit grey and an 8-bit RGB image. The encoders are dcmtk's and
 * OpenJPEG's tools (missing: the test fails).
 */
let samples: Sample[] = [];
const loadedBefore: string[] = [];
beforeAll(() => {
  loadedBefore.push(...loadedCodecs());
  samples = makeSamples();
}, 60_000);

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

/** Mean absolute difference per sample, and the largest one, between two renderings of the same size. */
async function compare(a: Buffer, b: Buffer) {
  const [x, y] = [await pixels(a), await pixels(b)];
  expect([y.info.width, y.info.height, y.info.channels]).toEqual([x.info.width, x.info.height, x.info.channels]);
  let sum = 0;
  let max = 0;
  for (let i = 0; i < x.data.length; i++) {
    const d = Math.abs(x.data[i]! - y.data[i]!);
    sum += d;
    if (d > max) max = d;
  }
  return { mean: sum / x.data.length, max, meanA: avg(x.data), meanB: avg(y.data) };
}
const avg = (d: Buffer) => d.reduce((s, v) => s + v, 0) / d.length;

describe('rendering compressed frames', () => {
  it('loads no codec before a frame needs one', () => {
    expect(loadedBefore).toEqual([]);
  });

  it('renders each syntax as the native image renders (file window, a window asked for, a thumbnail)', async () => {
    const seen = new Map<string, Set<number>>();
    for (const s of samples) {
      const ds = readDataSet(s.compressed);
      expect(ds.transferSyntax, `${s.source.name} ${s.encoding.syntax}`).toBe(s.encoding.syntax);
      const asked = (s.source.spec.bitsAllocated ?? 16) === 16 ? [500, 3000] : [130, 240];
      const opts: RenderOptions[] = [{ quality: 100, windowCenter: asked[0], windowWidth: asked[1] }];
      // lossy codecs move the frame's extremes, which an image without a window is stretched between
      if (!s.encoding.lossy || s.source.spec.center) opts.push({ quality: 100 });
      for (const o of opts) {
        const d = await compare(await renderFrame(readDataSet(s.native), o), await renderFrame(ds, o));
        const label = `${s.source.name} ${s.encoding.syntax} ${JSON.stringify(o)}: ${JSON.stringify(d)}`;
        // lossless: the JPEG encoding of identical pixels; lossy: the codec's own error on top
        expect(d.mean, label).toBeLessThan(s.encoding.lossy ? 3 : 0.5);
        expect(Math.abs(d.meanA - d.meanB), label).toBeLessThan(s.encoding.lossy ? 2 : 0.25);
        if (!s.encoding.lossy) expect(d.max, label).toBeLessThanOrEqual(4);
      }
      const thumb = await renderFrame(ds, { rows: 32, columns: 32 });
      expect((await sharp(thumb).metadata()).width).toBe(32);
      seen.set(s.encoding.syntax, (seen.get(s.encoding.syntax) ?? new Set()).add(s.source.spec.bitsAllocated ?? 16));
    }
    // every syntax, for a 16-bit (CT-like) and an 8-bit image
    expect(seen.size).toBe(8);
    for (const [syntax, bits] of seen) expect([...bits].sort(), syntax).toEqual([16, 8]);
    expect(loadedCodecs().sort()).toEqual(['charls', 'openjpeg']);
  }, 60_000);
});

describe('multi-frame compressed instances', () => {
  it('cuts frames by the offset table (dcmcrle), or at each JPEG 2000 code stream’s start', async () => {
    const grey = SOURCES.find((s) => s.name === '8-bit grey')!;
    const one = grey.spec.pixels!;
    const two = Buffer.from(one.map((v) => 255 - v));
    const spec = { ...ids, ...grey.spec, frames: 2, pixels: Buffer.concat([one, two]) };
    const native = readDataSet(pixelDicom(spec));
    const second = await renderFrame(native, { frame: 2, quality: 100 });
    const rle = readDataSet(dcmtkEncode(pixelDicom(spec), 'dcmcrle'));
    expect(rle.transferSyntax).toBe('1.2.840.10008.1.2.5');
    expect((await compare(second, await renderFrame(rle, { frame: 2, quality: 100 }))).mean).toBeLessThan(0.5);

    // two JPEG 2000 frames in three fragments and no offset table: the second split in two
    const j2k = samples.find((s) => s.source === grey && s.encoding.syntax === '1.2.840.10008.1.2.4.90')!;
    const stream = readDataSet(j2k.compressed).elements.get(PIXEL_DATA)!.fragments![0]!;
    const half = Math.floor(stream.length / 4) * 2;
    const split = pixelDicom({
      ...ids,
      ...grey.spec,
      pixels: undefined,
      syntax: '1.2.840.10008.1.2.4.90',
      frames: 2,
      jpegFrames: [stream, stream.subarray(0, half), stream.subarray(half)],
    });
    const first = await renderFrame(native, { frame: 1, quality: 100 });
    expect((await compare(first, await renderFrame(readDataSet(split), { frame: 2, quality: 100 }))).mean).toBeLessThan(
      0.5,
    );
  });

  it('a frame that does not decode is refused naming the syntax, not thrown as a server error', async () => {
    for (const syntax of ['1.2.840.10008.1.2.4.70', '1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.5']) {
      const ds = readDataSet(
        pixelDicom({ ...ids, syntax, rows: 8, cols: 8, jpegFrames: [Buffer.from('not a frame!')] }),
      );
      const err = await renderFrame(ds).catch((e: unknown) => e);
      expect(err, syntax).toBeInstanceOf(RenderRefused);
    }
  });
});
