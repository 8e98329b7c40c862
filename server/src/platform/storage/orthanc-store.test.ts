import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../core/errors';
import { fileImageStore } from './file-store';
import { orthancImageStore } from './orthanc-store';
import type { ImageStore } from './store';

/**
 * The store's own rules against a small stand-in for Orthanc's REST API on 127.0.0.1 (the real Orthanc is
 * in orthanc-store-peer.test.ts): AlreadyStored, the ID looked up by the key's three UIDs, ranges cut here,
 * a forgotten ID looked up again, credentials sent, and an unreachable or refusing Orthanc answered 503.
 */
const KEY = '1.2.3/1.2.3.4/1.2.3.4.5.dcm';
const idOf = (uids: string) => createHash('sha1').update(uids).digest('hex');

let server: Server;
let url: string;
let dir: string;
const held = new Map<string, { uids: string; bytes: Buffer }>();
const seen: { method: string; path: string; auth?: string; encoding?: string }[] = [];
let refuse = 0;
/** Compress every file answer, asked or not (as a compressing proxy in between would). */
let gzipAlways = false;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mwl-orthanc-store-'));
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({
      method: req.method!,
      path: req.url!,
      ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
      ...(req.headers['accept-encoding'] ? { encoding: req.headers['accept-encoding'] } : {}),
    });
    if (refuse) return res.writeHead(refuse).end();
    const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (req.method === 'POST' && req.url === '/instances') {
      // the stand-in's "DICOM": the three UIDs as the first line
      const uids = body.toString('latin1').split('\n')[0]!;
      const id = idOf(uids);
      const status = held.has(id) ? 'AlreadyStored' : 'Success';
      if (!held.has(id)) held.set(id, { uids, bytes: body });
      return send({ ID: id, Status: status });
    }
    if (req.method === 'POST' && req.url === '/tools/find') {
      const q = (JSON.parse(body.toString()) as { Query: Record<string, string> }).Query;
      const uids = [q.StudyInstanceUID, q.SeriesInstanceUID, q.SOPInstanceUID].join('|');
      return send([...held].filter(([, v]) => v.uids === uids).map(([id]) => id));
    }
    const m = /^\/instances\/([0-9a-f]+)(\/file)?$/.exec(req.url!);
    const one = m ? held.get(m[1]!) : undefined;
    if (!one) return res.writeHead(404).end();
    if (req.method === 'DELETE') {
      held.delete(m![1]!);
      return send({});
    }
    if (gzipAlways) {
      const zipped = gzipSync(one.bytes);
      return res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': zipped.length }).end(zipped);
    }
    // like Orthanc 1.10: the whole file whatever Range says
    return res.writeHead(200, { 'content-length': one.bytes.length }).end(one.bytes);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  held.clear();
  seen.length = 0;
  refuse = 0;
  gzipAlways = false;
});

const store = (o: Partial<Parameters<typeof orthancImageStore>[0]> = {}): ImageStore =>
  orthancImageStore({ url, username: 'rx', password: 'pw', files: fileImageStore(dir), timeoutSec: 5, ...o });
const bytes = (tail: string) => Buffer.from(`1.2.3|1.2.3.4|1.2.3.4.5\n${tail}`, 'latin1');
const read = async (s: ImageStore, key: string, range?: { start: number; end: number }) => {
  const got = await s.get(key, range);
  return got && { size: got.size, text: Buffer.concat(await got.body.toArray()).toString('latin1') };
};

describe('orthancImageStore', () => {
  it('puts once (AlreadyStored is false), sends the credentials, reads back by the key', async () => {
    const s = store();
    expect(await s.put(KEY, bytes('abcdef'))).toBe(true);
    expect(await s.put(KEY, bytes('other'))).toBe(false);
    expect(seen.every((r) => r.auth === `Basic ${Buffer.from('rx:pw').toString('base64')}`)).toBe(true);
    // a fresh store (a restarted server) knows no IDs: it finds the instance by the key's three UIDs
    const fresh = store();
    expect(await read(fresh, KEY)).toEqual({ size: 30, text: '1.2.3|1.2.3.4|1.2.3.4.5\nabcdef' });
    expect(seen.at(-2)).toMatchObject({ method: 'POST', path: '/tools/find' });
    expect(await read(fresh, '1.2.3/1.2.3.4/9.9.dcm')).toBeNull();
  });

  it('asks for the file uncompressed; a compressed answer all the same is read whole, its size the file’s', async () => {
    const s = store();
    const big = bytes('0123456789'.repeat(500));
    await s.put(KEY, big);
    expect(await read(s, KEY)).toEqual({ size: big.length, text: big.toString('latin1') });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', encoding: 'identity' });
    gzipAlways = true;
    expect(await read(s, KEY)).toEqual({ size: big.length, text: big.toString('latin1') });
    expect(await read(s, KEY, { start: 24, end: 26 })).toEqual({ size: big.length, text: '012' });
  });

  it('cuts a byte range itself; size stays the whole object', async () => {
    const s = store();
    await s.put(KEY, bytes('abcdef'));
    expect(await read(s, KEY, { start: 24, end: 26 })).toEqual({ size: 30, text: 'abc' });
  });

  it('an ID deleted in Orthanc meanwhile is looked up again; remove deletes what the put made', async () => {
    const s = store();
    await s.put(KEY, bytes('x'));
    held.clear();
    expect(await read(s, KEY)).toBeNull();
    await s.put(KEY, bytes('y'));
    await s.remove(KEY);
    expect(held.size).toBe(0);
    await s.remove(KEY); // nothing there: no error
  });

  it('patient files stay in the local file store', async () => {
    const s = store();
    const key = `files/1.2.3/${'a'.repeat(32)}.jpg`;
    expect(await s.put(key, Buffer.from('jpeg'))).toBe(true);
    expect(seen).toEqual([]);
    expect(await read(s, key)).toEqual({ size: 4, text: 'jpeg' });
    await s.remove(key);
    expect(await s.get(key)).toBeNull();
  });

  it('Orthanc unreachable, refusing the credentials or failing: 503 naming the store', async () => {
    const down = store({ url: 'http://127.0.0.1:1/' });
    for (const s of [down, store()]) {
      refuse = s === down ? 0 : 401;
      const err = await s.put(KEY, bytes('z')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, error: 'UNAVAILABLE', msgKey: 'imgStoreUnavailable' });
    }
    refuse = 500;
    await expect(store().get(KEY)).rejects.toMatchObject({ status: 503 });
  });

  it('refuses keys that are not store keys', async () => {
    await expect(store().put('../x.dcm', Buffer.from('x'))).rejects.toThrow('not a storable key');
  });
});
