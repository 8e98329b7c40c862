/**
 * DICOM RLE Lossless (PS3.5 annex G): a 64-byte header (segment count, then up to 15 segment offsets), and
 * one PackBits-coded segment per byte plane: for each sample, its most significant byte first.
 * Answers the frame as native pixel data: samples interleaved, 16-bit words little endian.
 */
export function decodeRle(frame: Buffer, rows: number, cols: number, samples: number, bitsAllocated: number): Buffer {
  const bytes = bitsAllocated / 8;
  const pixels = rows * cols;
  if (frame.length < 64) throw new RangeError('RLE frame shorter than its header');
  const count = frame.readUInt32LE(0);
  if (count !== samples * bytes || count > 15) {
    throw new RangeError(`RLE frame has ${count} segments, ${samples * bytes} expected`);
  }
  const out = Buffer.alloc(pixels * samples * bytes);
  for (let s = 0; s < count; s++) {
    const from = frame.readUInt32LE(4 + s * 4);
    const to = s + 1 < count ? frame.readUInt32LE(8 + s * 4) : frame.length;
    if (from < 64 || to > frame.length || from > to) throw new RangeError('RLE segment offset out of range');
    // Segment s holds byte (bytes - 1 - s % bytes) of sample floor(s / bytes): little endian puts the MSB last.
    const sample = Math.floor(s / bytes);
    let at = sample * bytes + (bytes - 1 - (s % bytes));
    const step = samples * bytes;
    const end = out.length;
    let i = from;
    while (i < to && at < end) {
      const n = (frame[i++]! << 24) >> 24; // signed header byte
      if (n >= 0) {
        for (let k = 0; k <= n && i < to && at < end; k++, at += step) out[at] = frame[i++]!;
      } else if (n !== -128) {
        const v = frame[i++]!;
        for (let k = 0; k < 1 - n && at < end; k++, at += step) out[at] = v;
      }
    }
  }
  return out;
}
