import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TS } from '../../../../tests/support/dicom-builder';
import { pixelDicom, TINY_JPEG, words, type PixelSpec } from '../../../../tests/support/pixel-dicom';
import { renderFrame, RenderRefused, type RenderOptions } from './render';
import { readDataSet } from './dicom-dataset';
import { NoSuchFrame } from './render-frames';

const ids = { study: '1.2.3', series: '1.2.3.1', sop: '1.2.3.1.1' };
const render = (s: Omit<PixelSpec, 'study' | 'series' | 'sop'>, o?: RenderOptions) =>
  renderFrame(readDataSet(pixelDicom({ ...ids, ...s })), o);

/** The grey levels of a rendered JPEG (quality 100, so flat regions come back within a level or two). */
async function greys(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => data[y * info.width + x]!, info };
}

/** An 8x8 frame: the left half one value, the right half another. */
const halves = (left: number, right: number) => Array.from({ length: 64 }, (_, i) => (i % 8 < 4 ? left : right));

describe('rendering a frame to JPEG', () => {
  it('maps a two-region 16-bit frame through the requested window, and through the file’s window', async () => {
    const s = { rows: 8, cols: 8, pixels: words(halves(100, 300)), center: '500', width: '100' };
    const asked = await greys(await render(s, { windowCenter: 200, windowWidth: 200, quality: 100 }));
    // window 100..300: 100 is black, 300 is white
    expect(asked.at(1, 4)).toBeLessThanOrEqual(2);
    expect(asked.at(6, 4)).toBeGreaterThanOrEqual(253);
    // the file's window 450..550: both below it
    const file = await greys(await render(s, { quality: 100 }));
    expect(file.at(1, 4)).toBeLessThanOrEqual(2);
    expect(file.at(6, 4)).toBeLessThanOrEqual(2);
    // a mid value lands mid-grey: 200 in 100..300
    const mid = await greys(
      await render({ ...s, pixels: words(halves(200, 200)) }, { windowCenter: 200, windowWidth: 201, quality: 100 }),
    );
    expect(Math.abs(mid.at(3, 3) - 128)).toBeLessThanOrEqual(2);
  });

  it('with no window anywhere, stretches the frame’s own range', async () => {
    const g = await greys(await render({ rows: 8, cols: 8, pixels: words(halves(1000, 1010)) }, { quality: 100 }));
    expect(g.at(1, 1)).toBeLessThanOrEqual(2);
    expect(g.at(6, 1)).toBeGreaterThanOrEqual(253);
  });

  it('inverts MONOCHROME1', async () => {
    const s = { rows: 8, cols: 8, pixels: words(halves(0, 1000)), photometric: 'MONOCHROME1' };
    const g = await greys(await render(s, { windowCenter: 500, windowWidth: 1000, quality: 100 }));
    expect(g.at(1, 1)).toBeGreaterThanOrEqual(253);
    expect(g.at(6, 1)).toBeLessThanOrEqual(2);
  });

  it('reads signed 12-bit pixels (BitsStored, HighBit) and applies RescaleSlope/Intercept', async () => {
    // stored -1000 and +1000 in 12 bits, with garbage in the 4 unused high bits
    const pixels = words(halves(-1000, 1000).map((v) => (v & 0x0fff) | 0xa000));
    const s = { rows: 8, cols: 8, pixels, signed: true, bitsStored: 12, highBit: 11 };
    const g = await greys(await render(s, { windowCenter: 0, windowWidth: 2000, quality: 100 }));
    expect(g.at(1, 1)).toBeLessThanOrEqual(2);
    expect(g.at(6, 1)).toBeGreaterThanOrEqual(253);
    // rescale: stored 0 and 100, slope 2, intercept -1024: -1024 and -824; window -924 +- 100
    const r = await greys(
      await render(
        { rows: 8, cols: 8, pixels: words(halves(0, 100)), slope: '2', intercept: '-1024' },
        { windowCenter: -924, windowWidth: 200, quality: 100 },
      ),
    );
    expect(r.at(1, 1)).toBeLessThanOrEqual(2);
    expect(r.at(6, 1)).toBeGreaterThanOrEqual(253);
  });

  it('reads implicit VR, 8-bit, multi-frame', async () => {
    const frames = Buffer.concat([Buffer.from(halves(0, 255)), Buffer.from(halves(255, 0))]);
    const s = { syntax: TS.implicit, rows: 8, cols: 8, bitsAllocated: 8 as const, frames: 2, pixels: frames };
    const second = await greys(await render(s, { frame: 2, quality: 100 }));
    expect(second.at(1, 1)).toBeGreaterThanOrEqual(253);
    expect(second.at(6, 1)).toBeLessThanOrEqual(2);
    await expect(render(s, { frame: 3 })).rejects.toBeInstanceOf(NoSuchFrame);
  });

  it('renders RGB in both planar configurations', async () => {
    const n = 4;
    const red = [255, 0, 0];
    const interleaved = Buffer.from(Array.from({ length: n }, () => red).flat());
    const planar = Buffer.from([...Array(n).fill(255), ...Array(n).fill(0), ...Array(n).fill(0)]);
    for (const [pixels, pc] of [
      [interleaved, 0],
      [planar, 1],
    ] as const) {
      const jpeg = await render({
        rows: 2,
        cols: 2,
        samples: 3,
        photometric: 'RGB',
        bitsAllocated: 8,
        planar: pc,
        pixels,
      });
      const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[1]).toBeLessThan(60);
    }
  });

  it('decodes a JPEG baseline fragment and scales to fit rows x columns keeping the aspect', async () => {
    const jpeg = await render({
      syntax: '1.2.840.10008.1.2.4.50',
      rows: 16,
      cols: 16,
      samples: 3,
      photometric: 'YBR_FULL_422',
      bitsAllocated: 8,
      jpegFrames: [TINY_JPEG],
    });
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    const wide = await render({ rows: 100, cols: 200, pixels: words(Array(20000).fill(5)) }, { rows: 64, columns: 64 });
    const m = await sharp(wide).metadata();
    expect([m.width, m.height, m.format]).toEqual([64, 32, 'jpeg']);
  });

  it('cuts a multi-frame JPEG into its frames (one fragment each, or split at each start-of-image)', async () => {
    const half = Math.floor(TINY_JPEG.length / 4) * 2; // fragments are of even length
    for (const jpegFrames of [
      [TINY_JPEG, TINY_JPEG],
      // two frames in three fragments: the second frame split in two
      [TINY_JPEG, TINY_JPEG.subarray(0, half), TINY_JPEG.subarray(half)],
    ]) {
      const s = {
        syntax: '1.2.840.10008.1.2.4.50',
        rows: 16,
        cols: 16,
        frames: 2,
        samples: 3 as const,
        photometric: 'YBR_FULL_422',
        bitsAllocated: 8 as const,
        jpegFrames,
      };
      expect((await sharp(await render(s, { frame: 2 })).metadata()).width).toBe(16);
      await expect(render(s, { frame: 3 })).rejects.toBeInstanceOf(NoSuchFrame);
    }
  });

  it('refuses syntaxes and pixel formats it does not decode, naming them', async () => {
    const err = await render({
      syntax: '1.2.840.10008.1.2.4.201',
      rows: 8,
      cols: 8,
      jpegFrames: [Buffer.alloc(8)],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderRefused);
    expect((err as RenderRefused).params).toEqual({ syntax: 'HTJ2K Lossless (1.2.840.10008.1.2.4.201)' });
    const palette = await render({
      rows: 2,
      cols: 2,
      photometric: 'PALETTE COLOR',
      bitsAllocated: 8,
      pixels: Buffer.alloc(4),
    }).catch((e: unknown) => e);
    expect(palette).toBeInstanceOf(RenderRefused);
  });

  it('renders a 512x512 16-bit CT frame, and its 128 px thumbnail, in well under 30 ms', async () => {
    const px = Array.from({ length: 512 * 512 }, (_, i) => ((i % 512) + Math.floor(i / 512)) * 4 - 1024);
    const ds = readDataSet(
      pixelDicom({
        ...ids,
        rows: 512,
        cols: 512,
        pixels: words(px),
        signed: true,
        bitsStored: 12,
        highBit: 11,
        center: '40',
        width: '400',
      }),
    );
    const time = async (o: RenderOptions) => {
      await renderFrame(ds, o);
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) await renderFrame(ds, o);
      return (performance.now() - t0) / 10;
    };
    const full = await time({});
    const thumb = await time({ rows: 128, columns: 128 });
    console.log(`render 512x512 16-bit CT: full ${full.toFixed(1)} ms, 128 px thumbnail ${thumb.toFixed(1)} ms`);
    expect(full).toBeLessThan(30);
    expect(thumb).toBeLessThan(30);
  });
});
