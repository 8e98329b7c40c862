import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { AppError } from '../../platform/core/errors';
import type { MessageKey, Params } from '../../platform/core/i18n';
import { MultipartError, readMultipart, type PartHeaders, type PartSink } from '../../platform/http/multipart-reader';
import { INSTANCE_MAX_BYTES, INSTANCE_MAX_MIB } from './parse';
import { mediaType } from './dicomweb-media';
import { part10Check } from './part10-head';
import { ZIP_MAX_ENTRIES } from './zip-entries';

/** A part as received: staged whole in `file`, or refused while it came in (no byte of it kept). */
export type StowPart =
  { name: string; file: string; size: number } | { name: string; failed: { key: MessageKey; params?: Params } };

/** At most this many parts in one request, as many as a zip's entries. */
export const STOW_MAX_PARTS = ZIP_MAX_ENTRIES;

/**
 * The boundary of a STOW-RS body (`multipart/related; type="application/dicom"; boundary=...`), or
 * 'unsupported' for another media type (415: a type other than application/dicom, the JSON or XML
 * metadata-and-bulk-data forms included). A multipart/related without a usable boundary is a 400.
 */
export function stowBoundary(header: string | undefined): string | 'unsupported' {
  const { type, params } = mediaType(header ?? '');
  if (type !== 'multipart/related') return 'unsupported';
  if (params.type !== undefined && params.type.toLowerCase() !== 'application/dicom') return 'unsupported';
  const boundary = params.boundary ?? '';
  // RFC 2046 allows 70 characters; Orthanc sends two UUIDs (73), so longer ones are taken too.
  if (!/^[0-9A-Za-z'()+_,./:=? -]{1,200}$/.test(boundary) || boundary.endsWith(' '))
    throw new AppError(400, 'VALIDATION', 'stowNoBoundary');
  return boundary;
}

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');

async function* counted(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  let n = 0;
  for await (const chunk of source) {
    n += chunk.byteLength;
    if (n > maxBytes) throw tooLarge();
    yield chunk;
  }
}

/** A part's bytes to `file`: its Part 10 head checked first, the instance limit counted, the file removed when refused. */
function stagedPart(name: string, file: string, open: Set<WriteStream>, done: (p: StowPart) => void): PartSink {
  const out = createWriteStream(file);
  open.add(out);
  let failure: Error | undefined;
  let refused: Extract<StowPart, { failed: unknown }>['failed'] | undefined;
  // Writes still pending when a refused part's stream is destroyed fail: that is no failure of the request.
  out.on('error', (err) => {
    if (!refused) failure ??= err;
  });
  const head = part10Check();
  let size = 0;
  const close = async () => {
    open.delete(out);
    if (!out.closed) {
      out.destroy();
      await once(out, 'close').catch(() => undefined);
    }
  };
  const refuse = async (why: NonNullable<typeof refused>) => {
    refused = why;
    await close();
    await rm(file, { force: true });
  };
  return {
    async write(chunk) {
      if (refused) return;
      if (failure) throw failure;
      size += chunk.length;
      if (size > INSTANCE_MAX_BYTES) return refuse({ key: 'imgTooLarge', params: { mib: INSTANCE_MAX_MIB } });
      if (head.push(chunk) === false) return refuse({ key: 'imgNotDicom' });
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async end(whole) {
      if (!refused && failure) throw failure;
      if (!refused && !whole) await refuse({ key: 'imgTruncated' });
      if (!refused && !head.done()) await refuse({ key: 'imgNotDicom' });
      if (refused) return done({ name, failed: refused });
      out.end();
      await once(out, 'close');
      open.delete(out);
      if (failure) throw failure;
      done({ name, file, size });
    },
  };
}

const dropped: PartSink = { write: () => undefined, end: () => undefined };

/**
 * Reads a STOW-RS body as it arrives into `dir`, one file per application/dicom part, never holding a part in
 * memory: a part is refused as soon as it passes the instance limit (256 MiB) or its head is not Part 10, a
 * part of another type is read and dropped, a part the body cut short is refused; the whole body counts
 * against `maxBytes` (413). Parts in their order; a body with no part at all is a 400.
 */
export async function receiveStow(
  body: ReadableStream | null,
  boundary: string,
  dir: string,
  maxBytes: number,
): Promise<StowPart[]> {
  if (!body) throw new AppError(400, 'VALIDATION', 'stowMalformed');
  await mkdir(dir, { recursive: true });
  const parts: StowPart[] = [];
  const open = new Set<WriteStream>();
  let n = 0;
  const partOf = (headers: PartHeaders): PartSink => {
    n++;
    if (n > STOW_MAX_PARTS) throw new AppError(400, 'VALIDATION', 'stowTooManyParts', { max: STOW_MAX_PARTS });
    const name = `part ${n}`;
    const type = mediaType(headers['content-type'] ?? 'application/dicom').type;
    if (type !== 'application/dicom') {
      parts.push({ name, failed: { key: 'stowPartType', params: { type: type.slice(0, 40) } } });
      return dropped;
    }
    return stagedPart(name, path.join(dir, `part-${n}.dcm`), open, (p) => parts.push(p));
  };
  const source = Readable.fromWeb(body as WebStream<Uint8Array>);
  try {
    const result = await readMultipart(counted(source, maxBytes), boundary, partOf);
    if (result.cutInHeaders) parts.push({ name: `part ${n + 1}`, failed: { key: 'imgTruncated' } });
  } catch (err) {
    source.destroy();
    for (const out of open) out.destroy();
    await Promise.all([...open].map((out) => (out.closed ? undefined : once(out, 'close').catch(() => undefined))));
    if (err instanceof MultipartError) throw new AppError(400, 'VALIDATION', 'stowMalformed');
    throw err;
  }
  if (!parts.length) throw new AppError(400, 'VALIDATION', 'stowMalformed');
  return parts;
}
