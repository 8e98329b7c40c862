/** A part's header fields, names lower-cased, values trimmed. */
export type PartHeaders = Record<string, string>;

/** Where one part's body goes. `write` may wait (back-pressure); `end` says whether the part was whole. */
export interface PartSink {
  write(chunk: Buffer): Promise<void> | void;
  end(whole: boolean): Promise<void> | void;
}

/** The body is not multipart with this boundary: no delimiter line, or a part's header block too long or broken. */
export class MultipartError extends Error {}

/** A part's header block longer than this is refused (real ones are a few hundred bytes). */
export const PART_HEADERS_MAX = 16 * 1024;
/** Transport padding allowed after a delimiter before its line ends (RFC 2046 5.1.1). */
const PADDING_MAX = 1024;

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

export interface MultipartResult {
  /** Parts opened (each was given to a sink). */
  parts: number;
  /** The close delimiter was seen: every opened part ended whole. */
  closed: boolean;
  /** The body ended inside a part's header block (that part never opened). */
  cutInHeaders: boolean;
}

function parseHeaders(block: Buffer): PartHeaders {
  const out: PartHeaders = {};
  if (!block.length) return out;
  for (const line of block.toString('latin1').split('\r\n')) {
    const at = line.indexOf(':');
    if (at <= 0) throw new MultipartError('malformed part header');
    out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

/**
 * Reads a multipart body (RFC 2046 5.1, as multipart/related carries it) as it arrives: each part's headers
 * go to `open`, its bytes to the sink `open` gives, awaited chunk by chunk. Memory: the chunk at hand (a
 * part's bytes are views of it, not copies), a delimiter's length of the previous one and at most one header
 * block (PART_HEADERS_MAX); the preamble and epilogue are read and dropped. A body that ends early ends its open part with `end(false)`.
 */
export async function readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  open: (headers: PartHeaders) => PartSink | Promise<PartSink>,
): Promise<MultipartResult> {
  // The first delimiter may open the body without a CRLF before it: one is put in front.
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // Widened by hand: the steps (a closure) change it, which narrowing after the loop does not see.
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'epilogue';
  let buf: Buffer = Buffer.from(CRLF);
  let sink: PartSink | undefined;
  let parts = 0;

  /** Handles what `buf` holds; false when more bytes are needed. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble':
      case 'body': {
        const at = buf.indexOf(delimiter);
        const keep = at >= 0 ? at : Math.max(0, buf.length - delimiter.length + 1);
        if (state === 'body' && keep > 0) await sink!.write(buf.subarray(0, keep));
        if (at < 0) {
          buf = buf.subarray(keep);
          return false;
        }
        if (state === 'body') await sink!.end(true);
        sink = undefined;
        buf = buf.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'epilogue';
          return true;
        }
        const eol = buf.indexOf(CRLF);
        if (eol < 0 || eol > PADDING_MAX) {
          if (buf.length > PADDING_MAX) throw new MultipartError('no line end after the delimiter');
          return false;
        }
        if (!/^[ \t]*$/.test(buf.toString('latin1', 0, eol))) throw new MultipartError('text after the delimiter');
        buf = buf.subarray(eol + 2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        if (buf.length < 2) return false;
        const empty = buf[0] === 0x0d && buf[1] === 0x0a;
        const end = empty ? 0 : buf.indexOf(HEAD_END);
        if (end < 0) {
          if (buf.length > PART_HEADERS_MAX) throw new MultipartError('part headers too long');
          return false;
        }
        const headers = parseHeaders(buf.subarray(0, end));
        buf = buf.subarray(empty ? 2 : end + 4);
        parts++;
        sink = await open(headers);
        state = 'body';
        return true;
      }
      case 'epilogue':
        buf = Buffer.alloc(0);
        return false;
    }
  };

  /**
   * The next chunk after what is left of the last. Inside a part (or the preamble) only a delimiter's length is
   * left: when no delimiter starts in it, those bytes are the part's and the chunk is taken as it is, not copied.
   */
  const take = async (chunk: Buffer) => {
    const scanning = state === 'body' || state === 'preamble';
    if (!buf.length) buf = chunk;
    else if (scanning && buf.length < delimiter.length && chunk.length >= delimiter.length) {
      const at = Buffer.concat([buf, chunk.subarray(0, delimiter.length - 1)]).indexOf(delimiter);
      if (at >= 0 && at < buf.length) buf = Buffer.concat([buf, chunk]);
      else {
        if (state === 'body') await sink!.write(buf);
        buf = chunk;
      }
    } else buf = Buffer.concat([buf, chunk]);
  };
  for await (const chunk of source) {
    await take(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    while (await step());
  }
  if (state === 'body') {
    if (buf.length) await sink!.write(buf);
    await sink!.end(false);
  }
  if (state === 'preamble') throw new MultipartError('no delimiter line');
  return { parts, closed: state === 'epilogue', cutInHeaders: state === 'headers' };
}
