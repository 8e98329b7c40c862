import { describe, expect, it } from 'vitest';
import { MultipartError, PART_HEADERS_MAX, readMultipart, type PartHeaders } from './multipart-reader';

const B = 'b0undary';

async function* chunks(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/** What the reader gave each part: headers, bytes, whether it ended whole. */
async function read(body: Buffer, size: number) {
  const got: { headers: PartHeaders; data: Buffer; whole?: boolean }[] = [];
  const result = await readMultipart(chunks(body, size), B, (headers) => {
    const part: (typeof got)[number] = { headers, data: Buffer.alloc(0) };
    got.push(part);
    return {
      write: (c) => {
        part.data = Buffer.concat([part.data, c]);
      },
      end: (whole) => {
        part.whole = whole;
      },
    };
  });
  return { result, got };
}

const body = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
// Bytes that look like the start of a delimiter, in the middle of a part.
const TRICKY = body('a\r\n-', '\r\n--b0und', '\r\n--b0undar', 'z\r\n');

describe('readMultipart', () => {
  it('gives each part its headers and exact bytes, however the body is cut into chunks', async () => {
    const whole = body(
      'preamble text\r\n',
      `--${B}\r\nContent-Type: application/dicom\r\nX-Other:  v \r\n\r\n`,
      TRICKY,
      `\r\n--${B}  \r\n\r\n`,
      'second',
      `\r\n--${B}--\r\nepilogue --${B}\r\n`,
    );
    for (const size of [1, 2, 3, 7, 13, whole.length]) {
      const { result, got } = await read(whole, size);
      expect(result, `chunks of ${size}`).toEqual({ parts: 2, closed: true, cutInHeaders: false });
      expect(got.map((p) => p.headers)).toEqual([{ 'content-type': 'application/dicom', 'x-other': 'v' }, {}]);
      expect(got[0]!.data.equals(TRICKY), `chunks of ${size}`).toBe(true);
      expect(got[1]!.data.toString()).toBe('second');
      expect(got.map((p) => p.whole)).toEqual([true, true]);
    }
  });

  it('finds a delimiter wherever two chunks meet, in it or before it', async () => {
    const whole = body(`--${B}\r\n\r\n`, TRICKY, `\r\n--${B}\r\n\r\n`, 'x'.repeat(40), `\r\n--${B}--`);
    for (let cut = 1; cut < whole.length; cut++) {
      const got: Buffer[] = [];
      async function* two() {
        yield whole.subarray(0, cut);
        yield whole.subarray(cut);
      }
      const result = await readMultipart(two(), B, () => {
        const i = got.push(Buffer.alloc(0)) - 1;
        return { write: (c) => void (got[i] = Buffer.concat([got[i]!, c])), end: () => undefined };
      });
      expect(result.closed, `cut at ${cut}`).toBe(true);
      expect(
        got.map((g) => g.toString()),
        `cut at ${cut}`,
      ).toEqual([TRICKY.toString(), 'x'.repeat(40)]);
    }
  });

  it('a body that stops inside a part ends that part cut short; the parts before it are whole', async () => {
    const cut = body(`--${B}\r\n\r\none\r\n--${B}\r\nContent-Type: application/dicom\r\n\r\ntwo, cut`);
    for (const size of [1, 5, cut.length]) {
      const { result, got } = await read(cut, size);
      expect(result).toEqual({ parts: 2, closed: false, cutInHeaders: false });
      expect(got.map((p) => [p.data.toString(), p.whole])).toEqual([
        ['one', true],
        ['two, cut', false],
      ]);
    }
    const inHeaders = await read(body(`--${B}\r\n\r\none\r\n--${B}\r\nContent-Ty`), 4);
    expect(inHeaders.result).toEqual({ parts: 1, closed: false, cutInHeaders: true });
  });

  it('refuses a body without a delimiter line, and a header block that never ends', async () => {
    await expect(read(body('no parts here'), 4)).rejects.toBeInstanceOf(MultipartError);
    await expect(read(Buffer.alloc(0), 4)).rejects.toBeInstanceOf(MultipartError);
    await expect(read(body(`--${B}\r\n`, 'X: '.padEnd(PART_HEADERS_MAX * 4, 'y')), 1024)).rejects.toBeInstanceOf(
      MultipartError,
    );
    await expect(read(body(`--${B}\r\nno colon\r\n\r\nx\r\n--${B}--`), 8)).rejects.toBeInstanceOf(MultipartError);
    await expect(read(body(`--${B}junk\r\n\r\nx\r\n--${B}--`), 8)).rejects.toBeInstanceOf(MultipartError);
  });

  it('streams a large part: its bytes reach the sink as the chunks arrive, never gathered', async () => {
    const CHUNK = 64 * 1024;
    const COUNT = 256; // 16 MiB
    let pulled = 0;
    let written = 0;
    let lag = 0;
    async function* source() {
      yield Buffer.from(`--${B}\r\n\r\n`);
      for (let i = 0; i < COUNT; i++) {
        lag = Math.max(lag, pulled - written);
        pulled += CHUNK;
        yield Buffer.alloc(CHUNK, i % 251);
      }
      yield Buffer.from(`\r\n--${B}--`);
    }
    const result = await readMultipart(source(), B, () => ({
      write: (c) => {
        written += c.length;
      },
      end: () => undefined,
    }));
    expect(result).toEqual({ parts: 1, closed: true, cutInHeaders: false });
    expect(written).toBe(CHUNK * COUNT);
    // At each pull the sink had all but the delimiter's length of what came before.
    expect(lag).toBeLessThanOrEqual(B.length + 4);
  });
});
