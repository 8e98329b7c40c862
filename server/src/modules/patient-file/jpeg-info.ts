import { jpegFrameHeader } from '../../platform/images/image-bytes';

/** A baseline JPEG's frame header: what a DICOM Secondary Capture needs to describe its pixels. */
export interface JpegFrame {
  rows: number;
  cols: number;
  components: 1 | 3;
}

const SOF_BASELINE = 0xc0;

/**
 * The frame of a baseline (SOF0, 8-bit) JPEG, or null when the bytes are not one: another SOF (progressive,
 * extended, lossless) would need another transfer syntax than JPEG Baseline.
 */
export function baselineJpeg(b: Buffer): JpegFrame | null {
  const f = jpegFrameHeader(b);
  if (!f || f.marker !== SOF_BASELINE || f.precision !== 8 || !f.rows || !f.cols) return null;
  return f.components === 1 || f.components === 3 ? { rows: f.rows, cols: f.cols, components: f.components } : null;
}
