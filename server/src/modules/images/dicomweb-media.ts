import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXPLICIT_LE, IMPLICIT_LE, isNative } from './transcode';

/** One media range of an Accept header, its parameters lower-cased by name, quotes removed. */
export interface MediaRange {
  type: string;
  params: Record<string, string>;
}

/** One media type with its parameters (names lower-cased, quotes removed; `;` inside quotes kept). */
export function mediaType(text: string): MediaRange {
  const [type = '', ...rest] = text.match(/(?:[^;"]|"[^"]*")+/g) ?? [];
  const params: Record<string, string> = {};
  for (const p of rest) {
    const at = p.indexOf('=');
    if (at > 0)
      params[p.slice(0, at).trim().toLowerCase()] = p
        .slice(at + 1)
        .trim()
        .replace(/^"|"$/g, '');
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The Accept header's media ranges in order (q=0 left out); none when it is absent. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header?.trim()) return [];
  const out: MediaRange[] = [];
  // Commas inside quoted parameters (type="a,b") are not range separators.
  for (const range of header.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const r = mediaType(range);
    if (r.params.q !== undefined && Number(r.params.q) === 0) continue;
    out.push(r);
  }
  return out;
}

const ANY = new Set(['*/*', 'multipart/*']);

/** The media type each compressed syntax travels as (PS3.18 Table 8.7.3-5). */
const IMAGE_TYPE: Record<string, string> = {
  '1.2.840.10008.1.2.4.50': 'image/jpeg',
  '1.2.840.10008.1.2.4.51': 'image/jpeg',
  '1.2.840.10008.1.2.4.57': 'image/jpeg',
  '1.2.840.10008.1.2.4.70': 'image/jpeg',
  '1.2.840.10008.1.2.4.80': 'image/jls',
  '1.2.840.10008.1.2.4.81': 'image/jls',
  '1.2.840.10008.1.2.4.90': 'image/jp2',
  '1.2.840.10008.1.2.4.91': 'image/jp2',
  '1.2.840.10008.1.2.5': 'image/x-dicom-rle',
};

/** What one instance or frame is answered as: the part's content type and the transfer syntax of its bytes. */
export interface Answer {
  type: string;
  syntax: string;
}

/**
 * Retrieve (multipart/related; type="application/dicom"), PS3.18 8.7.3.5: with no transfer-syntax parameter
 * explicit VR little endian (a transcode when stored otherwise), `*` or the stored syntax as stored, explicit VR
 * little endian named: a transcode. No Accept or a wildcard: as stored. Implicit VR is not a web syntax: it is
 * answered as explicit unless named. Null: nothing acceptable (406).
 */
export function dicomAnswer(ranges: MediaRange[], stored: string): Answer | null {
  const as = (syntax: string) => ({ type: `application/dicom; transfer-syntax=${syntax}`, syntax });
  const asStored = as(stored === IMPLICIT_LE ? EXPLICIT_LE : stored);
  if (!ranges.length) return asStored;
  for (const r of ranges) {
    if (ANY.has(r.type)) return asStored;
    if (r.type !== 'multipart/related') continue;
    if (r.params.type && r.params.type.toLowerCase() !== 'application/dicom') continue;
    const ts = r.params['transfer-syntax'];
    if (!r.params.type || ts === '*') return asStored;
    if (!ts || ts === EXPLICIT_LE) return as(EXPLICIT_LE);
    if (ts === stored) return as(stored);
  }
  return null;
}

/**
 * A frame (PS3.18 8.7.3.3): application/octet-stream is explicit VR little endian unless transfer-syntax says
 * `*` or names the stored syntax (a compressed frame is decoded for it); a compressed frame also goes as its
 * own image type (image/jpeg, image/jls, image/jp2, image/x-dicom-rle). No Accept or a wildcard: as stored.
 */
export function frameAnswer(ranges: MediaRange[], stored: string): Answer | null {
  const native = isNative(stored);
  const image = IMAGE_TYPE[stored];
  const octet = (syntax: string) => ({ type: `application/octet-stream; transfer-syntax=${syntax}`, syntax });
  const decoded = octet(EXPLICIT_LE);
  const asStored = native || !image ? decoded : { type: `${image}; transfer-syntax=${stored}`, syntax: stored };
  if (!ranges.length) return asStored;
  for (const r of ranges) {
    if (ANY.has(r.type)) return asStored;
    if (r.type !== 'multipart/related') continue;
    const type = r.params.type?.toLowerCase();
    const ts = r.params['transfer-syntax'];
    if (!type) return asStored;
    if (type === 'application/octet-stream') {
      if (!ts || ts === '*' || ts === EXPLICIT_LE) return native || ts !== '*' ? decoded : octet(stored);
      if (ts === stored && !native) return octet(stored);
      continue;
    }
    if (image && (type === image || type === 'image/*') && (!ts || ts === '*' || ts === stored)) return asStored;
  }
  return null;
}

export function acceptsJson(ranges: MediaRange[]): boolean {
  const ok = new Set(['*/*', 'application/*', 'application/dicom+json', 'application/json']);
  return !ranges.length || ranges.some((r) => ok.has(r.type));
}

export function acceptsJpeg(ranges: MediaRange[]): boolean {
  const ok = new Set(['*/*', 'image/*', 'image/jpeg']);
  return !ranges.length || ranges.some((r) => ok.has(r.type));
}

export interface Part {
  type: string;
  /** Bytes, or a stream of them (an instance is streamed from the store, never held whole). */
  body: Buffer | Readable;
  location?: string;
}

/** multipart/related (RFC 2387) streamed part by part; parts come from a generator so only one is open at a time. */
export function multipartRelated(parts: AsyncIterable<Part>, rootType: string) {
  const boundary = `rxpacs-${randomBytes(12).toString('hex')}`;
  async function* bytes() {
    for await (const p of parts) {
      const loc = p.location ? `Content-Location: ${p.location}\r\n` : '';
      yield Buffer.from(`--${boundary}\r\nContent-Type: ${p.type}\r\n${loc}\r\n`, 'latin1');
      if (Buffer.isBuffer(p.body)) yield p.body;
      else for await (const chunk of p.body) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    body: Readable.toWeb(Readable.from(bytes())) as ReadableStream,
    contentType: `multipart/related; type="${rootType}"; boundary=${boundary}`,
  };
}
