import type { App } from '../../server/src/app';
import type { UploadLine } from '../../shared/src/schemas/images';

export interface UploadAnswer {
  status: number;
  type: string;
  /** The NDJSON lines of a streamed answer (empty for a refusal). */
  lines: UploadLine[];
  /** The envelope of a refusal (JSON answer). */
  json: { success?: boolean; msg?: string; code?: number; errors?: { field: string; msg: string }[] } | undefined;
}

/** POST /UploadDicom/uploadZip as the browser sends it: multipart file (+ hospital_code). */
export async function uploadDicom(
  app: App,
  o: {
    token: string;
    files?: { name: string; data: Buffer }[];
    hospital_code?: string;
    lang?: string;
    extra?: Record<string, string>;
  },
): Promise<UploadAnswer> {
  const form = new FormData();
  if (o.hospital_code !== undefined) form.set('hospital_code', o.hospital_code);
  for (const f of o.files ?? []) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
  for (const [k, v] of Object.entries(o.extra ?? {})) form.set(k, v);
  const res = await app.request('/UploadDicom/uploadZip', {
    method: 'POST',
    headers: { authorization: `Bearer ${o.token}`, 'accept-language': o.lang ?? 'en-US' },
    body: form,
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('ndjson')) {
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as UploadLine);
    return { status: res.status, type, lines, json: undefined };
  }
  return { status: res.status, type, lines: [], json: JSON.parse(text) as UploadAnswer['json'] };
}

/** The result line of a streamed upload. */
export function resultOf(a: UploadAnswer) {
  const last = a.lines.at(-1);
  if (last?.type !== 'result') throw new Error(`no result line: ${JSON.stringify(a)}`);
  return last;
}

/** The per-file lines, by file name. */
export function filesOf(a: UploadAnswer) {
  return Object.fromEntries(a.lines.flatMap((l) => (l.type === 'file' ? [[l.file, l]] : [])));
}
