import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** One media range of an Accept header, its parameters lower-cased by name, quotes removed. */
export interface MediaRange {
  type: string;
  params: Record<string, string>;
}

/** The Accept header's media ranges in order (q=0 left out); none when it is absent. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header?.trim()) return [];
  const out: MediaRange[] = [];
  // Commas inside quoted parameters (type="a,b") are not range separators.
  for (const range of header.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const [type, ...rest] = range.split(';');
    const params: Record<string, string> = {};
    for (const p of rest) {
      const at = p.indexOf('=');
      if (at > 0)
        params[p.slice(0, at).trim().toLowerCase()] = p
          .slice(at + 1)
          .trim()
          .replace(/^"|"$/g, '');
    }
    if (params.q !== undefined && Number(params.q) === 0) continue;
    out.push({ type: type!.trim().toLowerCase(), params });
  }
  return out;
}

const ANY = new Set(['*/*', 'multipart/*']);
const UNCOMPRESSED = '1.2.840.10008.1.2.1';

/** Whether instances stored in these syntaxes may answer (multipart/related; type="application/dicom"), as stored. */
export function acceptsDicom(ranges: MediaRange[], syntaxes: string[]): boolean {
  if (!ranges.length) return true;
  return ranges.some((r) => {
    if (ANY.has(r.type)) return true;
    if (r.type !== 'multipart/related') return false;
    if (r.params.type && r.params.type.toLowerCase() !== 'application/dicom') return false;
    const ts = r.params['transfer-syntax'];
    return !ts || ts === '*' || syntaxes.every((s) => s === ts);
  });
}

export function acceptsJson(ranges: MediaRange[]): boolean {
  const ok = new Set(['*/*', 'application/*', 'application/dicom+json', 'application/json']);
  return !ranges.length || ranges.some((r) => ok.has(r.type));
}

export function acceptsJpeg(ranges: MediaRange[]): boolean {
  const ok = new Set(['*/*', 'image/*', 'image/jpeg']);
  return !ranges.length || ranges.some((r) => ok.has(r.type));
}

/**
 * The content type of a frame part, or null when the Accept header wants something else (406). Frames go
 * as stored: native pixels as application/octet-stream (explicit VR little endian), a compressed frame as
 * its own bytes with its transfer syntax (image/jpeg, or octet-stream when transfer-syntax=* asks for that).
 */
export function frameType(ranges: MediaRange[], storedSyntax: string, compressed: boolean): string | null {
  const native = `application/octet-stream; transfer-syntax=${UNCOMPRESSED}`;
  const jpeg = `image/jpeg; transfer-syntax=${storedSyntax}`;
  const fallback = compressed ? jpeg : native;
  if (!ranges.length) return fallback;
  for (const r of ranges) {
    if (ANY.has(r.type)) return fallback;
    const type = r.type === 'multipart/related' ? (r.params.type?.toLowerCase() ?? '') : '';
    const ts = r.params['transfer-syntax'];
    if (r.type !== 'multipart/related') continue;
    if (!type) return fallback;
    if (type === 'application/octet-stream') {
      if (!compressed && (!ts || ts === '*' || ts === UNCOMPRESSED)) return native;
      if (compressed && (ts === '*' || ts === storedSyntax))
        return `application/octet-stream; transfer-syntax=${storedSyntax}`;
    }
    if (compressed && (type === 'image/jpeg' || type === 'image/*') && (!ts || ts === '*' || ts === storedSyntax)) {
      return jpeg;
    }
  }
  return null;
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
