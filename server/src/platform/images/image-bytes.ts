/** What an uploaded image is, told by its bytes alone (its name and declared type are the sender's word). */

export type ImageMime = 'image/jpeg' | 'image/png';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (b: Uint8Array, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

/** jpg or png by the first bytes, else null. */
export function imageType(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number) => u16(b, i) * 65536 + u16(b, i + 2);

/** A PNG's size from its IHDR chunk, which must come first (bytes 8..32). */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || u32(b, 8) !== 13 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/** SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers without a length: TEM, RST0..7, SOI. */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd8);

/** A JPEG's first start-of-frame header: its SOF marker, sample precision, size and number of components. */
export interface JpegFrameHeader {
  marker: number;
  precision: number;
  rows: number;
  cols: number;
  components: number;
}

/**
 * The first start-of-frame segment of a JPEG, walking the segments before it (no image data is read); null
 * when the bytes are not a JPEG or reach scan data or the end before any frame header.
 */
export function jpegFrameHeader(b: Uint8Array): JpegFrameHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (standalone(marker)) {
      i += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
    const length = u16(b, i + 2);
    if (length < 2 || i + 2 + length > b.length) return null;
    if (isSof(marker)) {
      if (length < 8) return null;
      return { marker, precision: b[i + 4]!, rows: u16(b, i + 5), cols: u16(b, i + 7), components: b[i + 9]! };
    }
    i += 2 + length;
  }
  return null;
}

function jpegSize(b: Uint8Array): ImageSize | null {
  const f = jpegFrameHeader(b);
  return f ? { width: f.cols, height: f.rows } : null;
}

/** The pixel size in the image's own header (PNG IHDR, JPEG SOF), or null when there is none to read. */
export function imageSize(bytes: Uint8Array, mime: ImageMime): ImageSize | null {
  const size = mime === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
