import type { MessageKey, Params } from '../../platform/core/i18n';
import { isDecodable } from './decode/syntaxes';
import { numberOf, PIXEL_DATA, text, type DataSet } from './dicom-dataset';
import type { Image } from './decode/image';

/** Why a frame cannot be rendered or served (answered 406, named in the caller's language). */
export class RenderRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Params,
  ) {
    super(key);
  }
}

/** A frame number outside the instance (answered 400 naming frameNumber, or 404 on a WADO-RS path). */
export class NoSuchFrame extends Error {
  constructor(readonly frames: number) {
    super(`frames 1-${frames}`);
  }
}

export type { Image };

export const NATIVE = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);
export const JPEG_BASELINE = new Set(['1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.51']);

const T = {
  samples: 0x00280002,
  photometric: 0x00280004,
  frames: 0x00280008,
  planar: 0x00280006,
  rows: 0x00280010,
  cols: 0x00280011,
  bitsAllocated: 0x00280100,
  bitsStored: 0x00280101,
  highBit: 0x00280102,
  pixelRepresentation: 0x00280103,
} as const;

/** The image attributes, refused (RenderRefused) when the syntax or pixel format is not one rendered here. */
export function imageOf(ds: DataSet): Image {
  const syntax = ds.transferSyntax;
  if (!NATIVE.has(syntax) && !isDecodable(syntax)) {
    throw new RenderRefused('imgRenderSyntax', { syntax: syntaxName(syntax) });
  }
  const img = attributesOf(ds);
  if (NATIVE.has(syntax)) return checkPixels(img);
  // Compressed: what the decoder hands back is checked again (checkPixels) before rendering.
  const grey = img.samples === 1 && ['MONOCHROME1', 'MONOCHROME2'].includes(img.photometric);
  if ((!grey && !(img.samples === 3 && COMPRESSED_COLOUR.has(img.photometric))) || img.bitsAllocated > 16) {
    throw new RenderRefused('imgRenderPixels', {
      what: `${img.photometric}, ${img.samples} x ${img.bitsAllocated} bit`,
    });
  }
  return img;
}

const COMPRESSED_COLOUR = new Set(['RGB', 'YBR_FULL', 'YBR_FULL_422', 'YBR_RCT', 'YBR_ICT']);

/** Native pixels (as stored, or as a decoder answered them) in a format the renderer maps. */
export function checkPixels(img: Image): Image {
  const { bitsAllocated } = img;
  const grey = img.samples === 1 && ['MONOCHROME1', 'MONOCHROME2'].includes(img.photometric);
  const colour = img.samples === 3 && ['RGB', 'YBR_FULL'].includes(img.photometric) && bitsAllocated === 8;
  if (!grey && !colour) {
    throw new RenderRefused('imgRenderPixels', { what: `${img.photometric}, ${img.samples} x ${bitsAllocated} bit` });
  }
  if (
    (bitsAllocated !== 8 && bitsAllocated !== 16) ||
    img.bitsStored < 1 ||
    img.bitsStored > bitsAllocated ||
    img.highBit < img.bitsStored - 1 ||
    img.highBit >= bitsAllocated
  ) {
    throw new RenderRefused('imgRenderPixels', { what: `${bitsAllocated}/${img.bitsStored}/${img.highBit} bit` });
  }
  return img;
}

/** The image attributes as the file states them (what cutting out a frame needs; nothing checked for rendering). */
export function attributesOf(ds: DataSet): Image {
  const el = ds.elements;
  const num = (tag: number) => numberOf(el.get(tag));
  const bitsAllocated = num(T.bitsAllocated) ?? 0;
  const img: Image = {
    rows: num(T.rows) ?? 0,
    cols: num(T.cols) ?? 0,
    frames: Math.max(1, Math.trunc(num(T.frames) ?? 1)),
    samples: num(T.samples) ?? 1,
    photometric: text(el.get(T.photometric)?.value).trim() || 'MONOCHROME2',
    bitsAllocated,
    bitsStored: num(T.bitsStored) ?? bitsAllocated,
    highBit: num(T.highBit) ?? (num(T.bitsStored) ?? bitsAllocated) - 1,
    signed: num(T.pixelRepresentation) === 1,
    planar: num(T.planar) === 1,
  };
  if (!el.has(PIXEL_DATA) || !img.rows || !img.cols || !bitsAllocated || bitsAllocated % 8) {
    throw new RenderRefused('imgRenderPixels', { what: 'no image' });
  }
  return img;
}

export type Frame = { kind: 'native' | 'encapsulated'; data: Buffer };

/** One frame's bytes: a slice of native pixel data, or the compressed frame's fragments joined. */
export function frameBytes(ds: DataSet, img: Image, n: number): Frame {
  if (!Number.isInteger(n) || n < 1 || n > img.frames) throw new NoSuchFrame(img.frames);
  const pixels = ds.elements.get(PIXEL_DATA)!;
  if (pixels.fragments)
    return { kind: 'encapsulated', data: compressedFrame(pixels.fragments, pixels.offsetTable, img, n) };
  const size = (img.rows * img.cols * img.samples * img.bitsAllocated) / 8;
  const data = pixels.value ?? Buffer.alloc(0);
  if (data.length < n * size)
    throw new RenderRefused('imgRenderPixels', { what: 'pixel data shorter than its frames' });
  return { kind: 'native', data: data.subarray((n - 1) * size, n * size) };
}

/**
 * The fragments of frame n: by the basic offset table when there is one, one fragment per frame when the
 * counts agree, else a new frame starts at each fragment opening with a JPEG start-of-image marker (JPEG, JPEG-LS)
 * or a JPEG 2000 start-of-codestream and size marker.
 */
function compressedFrame(fragments: Buffer[], table: Buffer | undefined, img: Image, n: number): Buffer {
  if (img.frames === 1) return fragments.length === 1 ? fragments[0]! : Buffer.concat(fragments);
  if (table && table.length >= img.frames * 4) {
    const offsets = Array.from({ length: img.frames }, (_, i) => table.readUInt32LE(i * 4));
    const from = offsets[n - 1]!;
    const to = n < img.frames ? offsets[n]! : Infinity;
    const parts: Buffer[] = [];
    let at = 0;
    for (const f of fragments) {
      if (at >= from && at < to) parts.push(f);
      at += f.length + 8;
    }
    return Buffer.concat(parts);
  }
  if (fragments.length === img.frames) return fragments[n - 1]!;
  const frames: Buffer[][] = [];
  for (const f of fragments) {
    if (f[0] === 0xff && (f[1] === 0xd8 || (f[1] === 0x4f && f[2] === 0xff && f[3] === 0x51))) frames.push([f]);
    else frames.at(-1)?.push(f);
  }
  const found = frames[n - 1];
  if (!found) throw new NoSuchFrame(frames.length);
  return Buffer.concat(found);
}

const SYNTAX_NAMES: Record<string, string> = {
  '1.2.840.10008.1.2.2': 'Explicit VR Big Endian',
  '1.2.840.10008.1.2.1.99': 'Deflated Explicit VR Little Endian',
  '1.2.840.10008.1.2.4.51': 'JPEG Extended (12-bit)',
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless SV1',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS Lossless',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS Near-Lossless',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000 Lossless',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
  '1.2.840.10008.1.2.4.201': 'HTJ2K Lossless',
  '1.2.840.10008.1.2.4.202': 'HTJ2K Lossless RPCL',
  '1.2.840.10008.1.2.4.203': 'HTJ2K',
  '1.2.840.10008.1.2.5': 'RLE Lossless',
};

/** "JPEG 2000 Lossless (1.2.840.10008.1.2.4.90)", or the UID alone when it has no name here. */
export function syntaxName(uid: string): string {
  const name = SYNTAX_NAMES[uid];
  return name ? `${name} (${uid})` : uid || '?';
}
