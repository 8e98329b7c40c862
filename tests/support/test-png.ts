import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG a browser decodes: width x height, RGB, filled by `pixel(x, y)` (default: dark ink strokes on white,
 * like a handwritten signature). `pad` adds a text chunk of that many bytes (a large file of few pixels).
 */
export function testPng(
  width: number,
  height: number,
  o: { pixel?: (x: number, y: number) => [number, number, number]; pad?: number } = {},
): Buffer {
  const pixel =
    o.pixel ??
    ((x: number, y: number): [number, number, number] =>
      Math.abs(y - height / 2 - Math.sin(x / 6) * (height / 4)) < 2 ? [20, 30, 90] : [255, 255, 255]);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(o.pad ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(o.pad, 0x61)]))] : []),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ];
  return Buffer.concat(parts);
}

/** The first bytes of a JPEG with its frame header (SOF0) saying width x height: enough for a size check. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...Array<number>(9).fill(0x11), 0xff, 0xd9]);
}
