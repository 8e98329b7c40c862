import { describe, expect, it } from 'vitest';
import { decodeRle } from './rle';

/** An RLE frame: the 64-byte header (segment count, offsets) and the segments as given. */
function rleFrame(segments: number[][]): Buffer {
  const header = Buffer.alloc(64);
  header.writeUInt32LE(segments.length, 0);
  let at = 64;
  segments.forEach((seg, i) => {
    header.writeUInt32LE(at, 4 + i * 4);
    at += seg.length;
  });
  return Buffer.concat([header, ...segments.map((s) => Buffer.from(s))]);
}

describe('RLE Lossless (PS3.5 annex G)', () => {
  it('decodes literal runs, replicate runs and skips the no-op byte (-128)', () => {
    // 2 literal (n=1: 2 bytes), replicate 9 three times (n=-2), no-op, 1 literal
    const frame = rleFrame([[1, 10, 20, 0xfe, 9, 0x80, 0, 30]]);
    expect([...decodeRle(frame, 2, 3, 1, 8)]).toEqual([10, 20, 9, 9, 9, 30]);
  });

  it('16-bit: the first segment is the high byte, written little endian', () => {
    const frame = rleFrame([
      [0xff, 0x12], // high bytes: 0x12, 0x12
      [1, 0x34, 0x56], // low bytes
    ]);
    const out = decodeRle(frame, 1, 2, 1, 16);
    expect([out.readUInt16LE(0), out.readUInt16LE(2)]).toEqual([0x1234, 0x1256]);
  });

  it('RGB: one segment per sample, answered interleaved', () => {
    const frame = rleFrame([
      [0xff, 255],
      [0xff, 0],
      [1, 7, 8],
    ]);
    expect([...decodeRle(frame, 1, 2, 3, 8)]).toEqual([255, 0, 7, 255, 0, 8]);
  });

  it('refuses a wrong segment count, a short header and offsets past the end; stops at the frame size', () => {
    expect(() => decodeRle(rleFrame([[0, 1]]), 1, 1, 1, 16)).toThrow(/segments/);
    expect(() => decodeRle(Buffer.alloc(10), 1, 1, 1, 8)).toThrow(/header/);
    const bad = rleFrame([[0, 1]]);
    bad.writeUInt32LE(9999, 4);
    expect(() => decodeRle(bad, 1, 1, 1, 8)).toThrow(/offset/);
    // a run longer than the image is cut at the image's end
    expect([...decodeRle(rleFrame([[0x81, 5]]), 1, 2, 1, 8)]).toEqual([5, 5]);
  });
});
