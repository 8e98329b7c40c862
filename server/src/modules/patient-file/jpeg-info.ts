/** A baseline JPEG's frame header: what a DICOM Secondary Capture needs to describe its pixels. */
export interface JpegFrame {
  rows: number;
  cols: number;
  components: 1 | 3;
}

const SOF_BASELINE = 0xc0;
/** Markers without a length segment: TEM, RST0-7 (SOI is read first). */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/**
 * The frame of a baseline (SOF0, 8-bit) JPEG, or null when the bytes are not one: another SOF (progressive,
 * extended, lossless) would need another transfer syntax than JPEG Baseline.
 */
export function baselineJpeg(b: Buffer): JpegFrame | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (marker !== SOF_BASELINE || length < 8) return null;
      const precision = b[at + 4];
      const rows = b.readUInt16BE(at + 5);
      const cols = b.readUInt16BE(at + 7);
      const components = b[at + 9];
      if (precision !== 8 || !rows || !cols || (components !== 1 && components !== 3)) return null;
      return { rows, cols, components };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    at += 2 + length;
  }
  return null;
}
