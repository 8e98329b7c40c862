import sharp, { type Sharp } from 'sharp';
import { numberOf, type DataSet } from './dicom-dataset';
import { checkPixels, frameBytes, imageOf, type Image } from './render-frames';
import { decodeStored } from './transcode';

export { RenderRefused, syntaxName } from './render-frames';

export interface RenderOptions {
  /** 1-based. */
  frame?: number;
  windowCenter?: number;
  windowWidth?: number;
  /** JPEG quality 1-100. */
  quality?: number;
  /** Fit inside rows x columns, keeping the aspect. */
  rows?: number;
  columns?: number;
}

// libvips' operation cache (up to 50 MB) never hits here: every render starts from a new raw buffer.
sharp.cache(false);

const T = { slope: 0x00281053, intercept: 0x00281052, center: 0x00281050, width: 0x00281051 } as const;

/**
 * One frame of a stored instance as an 8-bit JPEG: a compressed frame is decoded to native pixels first, then
 * every frame takes the same path: modality LUT, VOI window, MONOCHROME1 inverted; colour to RGB.
 */
export async function renderFrame(ds: DataSet, o: RenderOptions = {}): Promise<Buffer> {
  const stated = imageOf(ds);
  const frame = frameBytes(ds, stated, o.frame ?? 1);
  const decoded = frame.kind === 'native' ? null : await decodeStored(ds, stated, frame.data);
  const img = decoded ? checkPixels(decoded.img) : stated;
  const data = decoded?.data ?? frame.data;
  let out =
    img.samples === 3
      ? sharp(rgb(img, data), { raw: { width: img.cols, height: img.rows, channels: 3 } })
      : grey(ds, img, data, o);
  if (o.rows || o.columns) out = out.resize({ width: o.columns, height: o.rows, fit: 'inside' });
  return out.jpeg({ quality: o.quality ?? 85 }).toBuffer();
}

/** Grey pixels through one lookup table indexed by the stored word: mask, sign, rescale, window, invert. */
function grey(ds: DataSet, img: Image, data: Buffer, o: RenderOptions): Sharp {
  const el = ds.elements;
  const slope = numberOf(el.get(T.slope)) || 1;
  const intercept = numberOf(el.get(T.intercept)) ?? 0;
  const words = img.bitsAllocated === 16 ? wordsOf(data, img.rows * img.cols) : data.subarray(0, img.rows * img.cols);
  const shift = img.highBit + 1 - img.bitsStored;
  const mask = (1 << img.bitsStored) - 1;
  const signBit = 1 << (img.bitsStored - 1);
  const stored = (w: number) => {
    const v = (w >> shift) & mask;
    return img.signed && v & signBit ? v - (mask + 1) : v;
  };
  const size = img.bitsAllocated === 16 ? 65536 : 256;
  const modality = new Float64Array(size);
  for (let w = 0; w < size; w++) modality[w] = stored(w) * slope + intercept;

  let center = o.windowCenter;
  let width = o.windowWidth;
  if (center === undefined || width === undefined) {
    center = numberOf(el.get(T.center));
    width = numberOf(el.get(T.width));
  }
  if (center === undefined || width === undefined || width < 1) {
    // No window anywhere: the frame's own range.
    let min = Infinity;
    let max = -Infinity;
    const seen = new Uint8Array(size);
    for (let i = 0; i < words.length; i++) seen[words[i]!] = 1;
    for (let w = 0; w < size; w++) {
      if (!seen[w]) continue;
      const m = modality[w]!;
      if (m < min) min = m;
      if (m > max) max = m;
    }
    width = Math.max(1, max - min + 1);
    center = min + width / 2;
  }
  const invert = img.photometric === 'MONOCHROME1';
  const lut = new Uint8Array(size);
  // PS3.3 C.11.2.1.2.1: the linear VOI function.
  const low = center - 0.5 - (width - 1) / 2;
  const high = center - 0.5 + (width - 1) / 2;
  for (let w = 0; w < size; w++) {
    const x = modality[w]!;
    let y = x <= low ? 0 : x > high ? 255 : Math.round(((x - (center - 0.5)) / Math.max(width - 1, 1) + 0.5) * 255);
    if (invert) y = 255 - y;
    lut[w] = y;
  }
  const out = Buffer.allocUnsafe(words.length);
  for (let i = 0; i < words.length; i++) out[i] = lut[words[i]!]!;
  return sharp(out, { raw: { width: img.cols, height: img.rows, channels: 1 } });
}

/** 16-bit little-endian words; a copy only when the view would be misaligned. */
function wordsOf(data: Buffer, n: number): Uint16Array {
  const at = data.byteOffset;
  if (at % 2 === 0) return new Uint16Array(data.buffer, at, n);
  const copy = new Uint16Array(n);
  Buffer.from(copy.buffer).set(data.subarray(0, n * 2));
  return copy;
}

/** Interleaved 8-bit RGB from either planar configuration (YBR_FULL converted). */
function rgb(img: Image, data: Buffer): Buffer {
  const n = img.rows * img.cols;
  let px = data.subarray(0, n * 3);
  if (img.planar) {
    const inter = Buffer.allocUnsafe(n * 3);
    for (let i = 0; i < n; i++) {
      inter[i * 3] = px[i]!;
      inter[i * 3 + 1] = px[n + i]!;
      inter[i * 3 + 2] = px[2 * n + i]!;
    }
    px = inter;
  }
  if (img.photometric !== 'YBR_FULL') return px;
  const out = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n * 3; i += 3) {
    const y = px[i]!;
    const cb = px[i + 1]! - 128;
    const cr = px[i + 2]! - 128;
    out[i] = clamp(y + 1.402 * cr);
    out[i + 1] = clamp(y - 0.344136 * cb - 0.714136 * cr);
    out[i + 2] = clamp(y + 1.772 * cb);
  }
  return out;
}
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
