import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '../core/errors';
import { assertKey, type ByteRange, type ImageStore } from './store';

export interface OrthancStoreOptions {
  /** Orthanc's REST root, e.g. http://127.0.0.1:8042 (no credentials in it). */
  url: string;
  username?: string;
  password?: string;
  /** Where keys that are not DICOM instances (patient files, videos: `files/...`) live: the local file store. */
  files: ImageStore;
  /** Seconds to wait for Orthanc's answer (headers) before calling it unavailable. */
  timeoutSec?: number;
}

/** Orthanc cannot be reached, refused our credentials, or answered a server error: the request may be retried later. */
export const storeUnavailable = () => new AppError(503, 'UNAVAILABLE', 'imgStoreUnavailable');

/** Orthanc keeps at most this many key -> Orthanc ID pairs remembered (about 150 bytes each). */
const REMEMBERED_IDS = 20_000;
/** study/series/sop.dcm, or study/series/<revision>/sop.dcm after a patient merge (same UIDs, another PatientID). */
const INSTANCE_KEY = /^([0-9.]+)\/([0-9.]+)\/(?:[0-9]+\/)?([0-9.]+)\.dcm$/;

/**
 * DICOM instances in Orthanc through its REST API; patient files and videos (`files/...` keys) stay in the
 * local file store (`files`). Orthanc names an instance by a hash of PatientID|StudyUID|SeriesUID|SOPUID and
 * the key has no PatientID, so the Orthanc ID is found with /tools/find on the key's three UIDs and
 * remembered (the ID a put answered, too: a remove after a refused ingest deletes exactly what that put made).
 * Orthanc never overwrites: it answers "AlreadyStored", which is put's false.
 */
export function orthancImageStore(o: OrthancStoreOptions): ImageStore {
  const base = o.url.replace(/\/+$/, '');
  const timeoutMs = (o.timeoutSec ?? 60) * 1000;
  const auth =
    o.username !== undefined
      ? `Basic ${Buffer.from(`${o.username}:${o.password ?? ''}`).toString('base64')}`
      : undefined;
  const ids = new Map<string, string>();
  const remember = (key: string, id: string) => {
    ids.delete(key);
    ids.set(key, id);
    if (ids.size > REMEMBERED_IDS) ids.delete(ids.keys().next().value!);
  };

  /** One request; headers within the timeout, the body left to the caller. Unreachable or 5xx/401/403: 503. */
  const call = async (method: string, path: string, body?: BodyInit, accept?: string): Promise<Response> => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        signal: abort.signal,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          ...(body ? { 'content-type': 'application/dicom' } : {}),
          ...(accept ? { 'accept-encoding': accept } : {}),
        },
        ...(body !== undefined ? { body } : {}),
      });
    } catch (err) {
      throw Object.assign(storeUnavailable(), { cause: err });
    } finally {
      clearTimeout(timer);
    }
    if (res.status >= 500 || res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw Object.assign(storeUnavailable(), { cause: new Error(`Orthanc ${method} ${path}: ${res.status}`) });
    }
    return res;
  };
  const json = async <T>(method: string, path: string, body?: BodyInit): Promise<T> => {
    const res = await call(method, path, body);
    if (!res.ok) throw new Error(`Orthanc ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const uidsOf = (key: string) => {
    assertKey(key);
    const m = INSTANCE_KEY.exec(key);
    if (!m) throw new Error('not an instance key');
    return { study: m[1]!, series: m[2]!, sop: m[3]! };
  };
  /** The Orthanc IDs holding the key's instance (normally one; two if one SOP UID came under two PatientIDs). */
  const find = async (key: string): Promise<string[]> => {
    const u = uidsOf(key);
    return json<string[]>(
      'POST',
      '/tools/find',
      JSON.stringify({
        Level: 'Instance',
        Query: { StudyInstanceUID: u.study, SeriesInstanceUID: u.series, SOPInstanceUID: u.sop },
      }),
    );
  };
  const idOf = async (key: string): Promise<string | undefined> => {
    const known = ids.get(key);
    if (known) return known;
    const [id] = await find(key);
    if (id) remember(key, id);
    return id;
  };

  const isFile = (key: string) => key.startsWith('files/');

  return {
    kind: 'orthanc',
    stagingDir: o.files.stagingDir,
    async put(key, body) {
      if (isFile(key)) return o.files.put(key, body);
      uidsOf(key);
      // Instances are bounded (the ingest refuses larger ones), so a stream is read whole: Orthanc wants a length.
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      const r = await json<{ ID: string; Status: string }>('POST', '/instances', bytes as Uint8Array<ArrayBuffer>);
      remember(key, r.ID);
      return r.Status !== 'AlreadyStored';
    },
    async get(key, range) {
      if (isFile(key)) return o.files.get(key, range);
      for (let attempt = 0; attempt < 2; attempt++) {
        const cached = ids.has(key);
        const id = await idOf(key);
        if (!id) return null;
        // Orthanc as shipped compresses HTTP answers; the file is asked for as it is, so its length is the file's.
        const res = await call('GET', `/instances/${id}/file`, undefined, 'identity');
        if (res.status === 404 && cached) {
          // Deleted in Orthanc since we remembered it (or replaced under another ID): look it up again.
          ids.delete(key);
          continue;
        }
        if (res.status === 404) return null;
        if (!res.ok || !res.body) throw new Error(`Orthanc GET /instances/${id}/file: ${res.status}`);
        return sized(res, range);
      }
      return null;
    },
    async remove(key) {
      if (isFile(key)) return o.files.remove(key);
      let id = ids.get(key);
      if (!id) {
        const found = await find(key);
        // Two instances under one UID triple (a patient merge in flight: the same UIDs under two PatientIDs) and
        // this key's ID not remembered: which one it names is unknown here, so neither is removed.
        if (found.length > 1) throw new Error(`Orthanc holds ${found.length} instances under the UIDs of ${key}`);
        id = found[0];
      }
      ids.delete(key);
      if (!id) return;
      const res = await call('DELETE', `/instances/${id}`);
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new Error(`Orthanc DELETE /instances/${id}: ${res.status}`);
    },
    async *list(prefix = '') {
      yield* o.files.list(prefix);
      if (isFile(prefix)) return;
      yield* listInstances(json, prefix);
    },
  };
}

/**
 * The instance's bytes and their size. fetch decodes a compressed answer (a proxy between may compress even
 * when asked not to), and then Content-Length is the compressed length: such an answer is read whole (an
 * instance is bounded by the ingest) and measured.
 */
async function sized(res: Response, range?: ByteRange): Promise<{ body: Readable; size: number }> {
  const encoding = res.headers.get('content-encoding');
  const length = res.headers.get('content-length');
  let body: Readable;
  let size: number;
  if ((!encoding || encoding === 'identity') && length !== null && /^\d+$/.test(length)) {
    body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    size = Number(length);
  } else {
    const bytes = Buffer.from(await res.arrayBuffer());
    body = Readable.from([bytes]);
    size = bytes.length;
  }
  return { body: range ? body.pipe(slice(range)) : body, size };
}

type Json = <T>(method: string, path: string, body?: BodyInit) => Promise<T>;
interface OrthancInstance {
  ID: string;
  FileSize: number;
  ParentSeries: string;
  MainDicomTags: { SOPInstanceUID: string };
}

/** Instance keys study/series/sop.dcm from Orthanc, study by study (two requests each). */
async function* listInstances(json: Json, prefix: string): AsyncGenerator<{ key: string; size: number }> {
  // A prefix naming a study (its UID, or UID/...) narrows the walk to that study.
  const studyUid = /^[0-9.]+\//.exec(prefix)?.[0].slice(0, -1);
  const studies = studyUid
    ? await json<string[]>(
        'POST',
        '/tools/find',
        JSON.stringify({ Level: 'Study', Query: { StudyInstanceUID: studyUid } }),
      )
    : await json<string[]>('GET', '/studies');
  for (const sid of studies) {
    const st = await json<{ MainDicomTags: { StudyInstanceUID: string } }>('GET', `/studies/${sid}`);
    const series = await json<{ ID: string; MainDicomTags: { SeriesInstanceUID: string } }[]>(
      'GET',
      `/studies/${sid}/series?expand`,
    );
    const seriesUid = new Map(series.map((s) => [s.ID, s.MainDicomTags.SeriesInstanceUID]));
    for (const i of await json<OrthancInstance[]>('GET', `/studies/${sid}/instances?expand`)) {
      const key = `${st.MainDicomTags.StudyInstanceUID}/${seriesUid.get(i.ParentSeries)}/${i.MainDicomTags.SOPInstanceUID}.dcm`;
      if (key.startsWith(prefix)) yield { key, size: i.FileSize };
    }
  }
}

/** Passes bytes start..end (inclusive) of a stream: Orthanc 1.10 ignores Range on /instances/{id}/file. */
function slice({ start, end }: ByteRange): Transform {
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end + 1 - at, chunk.length);
      at += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
