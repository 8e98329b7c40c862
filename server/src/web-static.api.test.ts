import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../tests/support/api-platform';

// A tiny built web app of its own, as `vite build` and its precompress plugin would leave it.
const SCRIPT = 'assets/index-Ab12Cd34.js';
const script = 'export function hello(name) { return `hello ${name}`; }\n'.repeat(200);
const indexHtml = `<!doctype html><html><head><script type="module" src="/rxpacs/${SCRIPT}"></script></head></html>`;

let webDir = '';
let p: TestPlatform;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'rx-web-static-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  writeFileSync(path.join(webDir, SCRIPT), script);
  writeFileSync(path.join(webDir, `${SCRIPT}.br`), brotliCompressSync(script));
  writeFileSync(path.join(webDir, `${SCRIPT}.gz`), gzipSync(script));
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite/manifest.json'), '{}');
  p = await startTestPlatform({}, { webDir });
});
afterAll(async () => {
  await p?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  p.app.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the web app’s static files', () => {
  it('sends a hashed script as its brotli copy when brotli is accepted, cached for good', async () => {
    const r = await get(`/rxpacs/${SCRIPT}`, 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(r.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(brotliDecompressSync(await bytes(r)).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const r = await get(`/rxpacs/${SCRIPT}`, 'gzip');
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(r.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(gunzipSync(await bytes(r)).toString()).toBe(script);
  });

  it('sends the plain file without Accept-Encoding, still marked as varying by it', async () => {
    const r = await get(`/rxpacs/${SCRIPT}`);
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(r.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(r.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await bytes(r)).equals(readFileSync(path.join(webDir, SCRIPT)))).toBe(true);
  });

  it('never caches index.html, for the app root and for a deep link alike', async () => {
    for (const url of ['/rxpacs/', '/rxpacs/index.html', '/rxpacs/some/deep/link']) {
      const r = await get(url, 'gzip, br');
      expect(r.status, url).toBe(200);
      expect(r.headers.get('cache-control'), url).toBe('no-cache');
      expect(r.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await r.text(), url).toBe(indexHtml);
    }
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const r = await get('/rxpacs/assets/gone-Zz99Yy88.js', 'br');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it("does not hand out the build's manifest or any other dot-path", async () => {
    for (const url of ['/rxpacs/.vite/manifest.json', '/rxpacs/.vite/manifest.json.gz', '/rxpacs/assets/.hidden']) {
      const r = await get(url, 'gzip');
      expect(r.status, url).toBe(404);
      expect(r.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
  });

  it('redirects / and /rxpacs to the app', async () => {
    for (const url of ['/', '/rxpacs']) {
      const r = await get(url);
      expect(r.status, url).toBe(302);
      expect(r.headers.get('location'), url).toBe('/rxpacs/');
    }
  });
});
