import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { receiveUpload } from './receive-upload';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'im-receive-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A bare app around receiveUpload with a small limit; answers what it received, or the refusal. */
function app(max: number) {
  const a = new Hono<AppEnv>();
  a.post('/up', async (c) => {
    try {
      const r = await receiveUpload(c, dir, max);
      return c.json({
        hospital: r.hospitalCode,
        name: r.file.name,
        size: r.file.size,
        body: await readFile(r.file.path, 'utf8'),
      });
    } catch (err) {
      if (err instanceof AppError) return c.json({ status: err.status, key: err.msgKey, errors: err.errors }, 400);
      throw err;
    }
  });
  return a;
}

/** A multipart body sent chunked (no content-length), as a browser streaming a large file would. */
function chunked(form: FormData): RequestInit {
  const r = new Response(form);
  return {
    method: 'POST',
    headers: { 'content-type': r.headers.get('content-type')! },
    body: r.body,
    duplex: 'half',
  } as RequestInit;
}

describe('receiveUpload', () => {
  it('streams the one file to the staging directory with its name and the hospital', async () => {
    const form = new FormData();
    form.set('hospital_code', 'H001');
    form.set('file', new Blob(['0123456789']), '影像.zip');
    const r = await app(100).request('/up', chunked(form));
    expect(await r.json()).toEqual({ hospital: 'H001', name: '影像.zip', size: 10, body: '0123456789' });
  });

  it('stops a body past the limit with 413, even without a content-length, and leaves no staged file', async () => {
    const form = new FormData();
    form.set('hospital_code', 'H001');
    form.set('file', new Blob(['x'.repeat(5000)]), 'big.dcm');
    const r = await app(1000).request('/up', chunked(form));
    expect(await r.json()).toMatchObject({ status: 413, key: 'payloadTooLarge' });
    expect(await readdir(dir)).toEqual([]);
    const declared = await app(1000).request('/up', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5000' },
      body: 'x'.repeat(5000),
    });
    expect(await declared.json()).toMatchObject({ status: 413 });
  });

  it('refuses a NUL in a file name or a value, a second file and a wrong extension before keeping anything', async () => {
    for (const [fill, key] of [
      // a raw NUL in the part's header: busboy refuses the body as malformed
      [(f: FormData) => f.set('file', new Blob(['a']), 'a\u0000.dcm'), 'validation'],
      [(f: FormData) => (f.set('file', new Blob(['a']), 'a.dcm'), f.set('hospital_code', 'H0\u00001')), 'invalidChar'],
      [
        (f: FormData) => (f.append('file', new Blob(['a']), 'a.dcm'), f.append('file', new Blob(['b']), 'b.dcm')),
        'imgWrongFormat',
      ],
      [(f: FormData) => f.set('file', new Blob(['a']), 'a.exe'), 'imgWrongFormat'],
    ] as const) {
      const form = new FormData();
      form.set('hospital_code', 'H001');
      fill(form);
      const r = await app(1000).request('/up', chunked(form));
      expect(await r.json()).toMatchObject({ key });
      expect(await readdir(dir)).toEqual([]);
    }
  });
});

describe('receiveUpload when the client goes away', () => {
  it('a body that breaks off mid-file (client abort) is refused and leaves no staged file', async () => {
    const form = new FormData();
    form.set('hospital_code', 'H001');
    form.set('file', new Blob(['x'.repeat(200_000)]), 'big.zip');
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const whole = new Uint8Array(await encoded.arrayBuffer());
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        if (!sent) {
          sent = true;
          ctl.enqueue(whole.subarray(0, 100_000));
          return;
        }
        // The first half is being written to the staging file: then the connection drops.
        while ((await readdir(dir)).length === 0) await new Promise((r) => setTimeout(r, 5));
        ctl.error(new Error('aborted'));
      },
    });
    const r = await app(1_000_000).request('/up', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });
});
