import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Image } from './image';
import { decodeRle } from './rle';
import { DECODERS, isDecodable } from './syntaxes';
import { decodeJ2k, decodeJpegLs, type WasmDecoded } from './wasm-codecs';

/**
 * One compressed frame as native pixel data (samples interleaved unless `img.planar`, 16-bit words little
 * endian) with the image attributes that now describe it: the caller renders it exactly as a native frame.
 */
export async function decodeFrame(syntax: string, frame: Buffer, img: Image): Promise<{ data: Buffer; img: Image }> {
  if (!isDecodable(syntax)) throw new Error(`no decoder for ${syntax}`);
  switch (DECODERS[syntax]) {
    case 'rle':
      // Byte planes of the stored words: the attributes stand as they are.
      return {
        data: decodeRle(frame, img.rows, img.cols, img.samples, img.bitsAllocated),
        img: { ...img, planar: false },
      };
    case 'jpeg':
      return img.bitsStored > 8 && img.bitsAllocated === 16 ? jpeg12(frame, img) : jpeg8(frame, img);
    case 'lossless':
      return lossless(frame, img);
    case 'jpegls':
      return fromWasm(await decodeJpegLs(frame), img);
    case 'j2k':
      return fromWasm(await decodeJ2k(frame), img);
  }
}

/** 8-bit JPEG by libjpeg-turbo; colour comes back as RGB whatever the file's YBR says. */
async function jpeg8(frame: Buffer, img: Image) {
  // libvips hands a one-component JPEG back as three equal bands unless asked for one
  const grey = (await sharp(frame).metadata()).channels === 1;
  const pipeline = grey ? sharp(frame).extractChannel(0) : sharp(frame).removeAlpha();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data,
    img: { ...img, rows: info.height, cols: info.width, ...decodedAs(info.channels, 8, false, img) },
  };
}

/** The attributes of a decoded frame: right-aligned samples of the decoder's precision, colour as RGB. */
function decodedAs(samples: number, precision: number, planar: boolean, img: Image): Partial<Image> {
  const bitsAllocated = precision > 8 ? 16 : 8;
  const bitsStored = Math.min(img.bitsStored, bitsAllocated);
  return {
    samples,
    bitsAllocated,
    bitsStored,
    highBit: bitsStored - 1,
    planar,
    photometric: samples === 3 ? 'RGB' : img.photometric,
  };
}

/** JPEG lossless, processes 14 and 14 SV1 (Cornerstone's pure JS decoder, as in the viewer). */
async function lossless(frame: Buffer, img: Image) {
  const { Decoder } = await import('@cornerstonejs/jpeg-lossless-decoder-js');
  const decoder = new Decoder();
  const bytes = img.bitsAllocated > 8 ? 2 : 1;
  const out = decoder.decode(frame.buffer as ArrayBuffer, frame.byteOffset, frame.length, bytes);
  const samples = decoder.numComp ?? img.samples;
  return {
    data: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
    img: { ...img, ...decodedAs(samples, bytes * 8, false, img) },
  };
}

function fromWasm(d: WasmDecoded, img: Image) {
  return {
    data: d.data,
    img: {
      ...img,
      rows: d.info.height,
      cols: d.info.width,
      ...decodedAs(d.info.componentCount, d.info.bitsPerSample, d.planar, img),
    },
  };
}

interface JpegImage {
  parse(data: Uint8Array): void;
  width: number;
  height: number;
  components: { bitConversion?: number }[];
  colorTransform?: boolean;
  getData16(width: number, height: number): Uint16Array;
}
let JpegImageClass: Promise<new () => JpegImage> | undefined;

/**
 * 12-bit JPEG extended (process 2 & 4) by the pure JS decoder inside @cornerstonejs/dicom-image-loader (the
 * one its own worker uses): libjpeg-turbo in sharp decodes 8-bit only, and no 12-bit codec is installed.
 * The file is not in the package's exports map, so it is found beside the package's entry point.
 */
async function jpeg12(frame: Buffer, img: Image) {
  JpegImageClass ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@cornerstonejs/dicom-image-loader');
    const file = join(dirname(entry), 'codecs', 'jpeg.js');
    return ((await import(pathToFileURL(file).href)) as { default: new () => JpegImage }).default;
  })();
  const jpeg = new (await JpegImageClass)();
  jpeg.parse(frame);
  jpeg.colorTransform = false;
  const samples = jpeg.components.length;
  if (samples !== 1) throw new Error('12-bit colour JPEG');
  const out = jpeg.getData16(jpeg.width, jpeg.height);
  const bias = levelShiftBias(jpeg.components[0]!.bitConversion);
  if (bias) for (let i = 0; i < out.length; i++) out[i] = Math.max(0, out[i]! - bias);
  return {
    data: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
    img: { ...img, rows: jpeg.height, cols: jpeg.width, ...decodedAs(1, 12, false, img) },
  };
}

/**
 * This decoder (pdf.js's, widened to 12 bits) undoes the level shift with the 8-bit constant scaled by
 * (2^P - 1) / 255 rather than by 2^P / 256: every 12-bit sample comes out 15.06 too high (15 HU on a CT;
 * dcmdjpeg agrees with the corrected values within one unit). 0 for 8-bit.
 */
export function levelShiftBias(bitConversion: number | undefined): number {
  if (!bitConversion) return 0;
  const precision = Math.round(Math.log2(255 / bitConversion + 1));
  const used = (2056 * ((1 << precision) - 1)) / 255;
  const right = (1 << (precision + 3)) + 8;
  return Math.floor((used - right) / 16);
}
