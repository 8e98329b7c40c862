import { createHash } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { inlineScriptHashes } from './inline-script-csp';

const webDir = mkdtempSync(path.join(os.tmpdir(), 'rx-inline-csp-'));
const page = (script: string) =>
  `<!doctype html><html><head><script>${script}</script><script type="module" src="/rxpacs/assets/index-1.js"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const t = useTestPlatform({
  webDir: () => {
    writeFileSync(path.join(webDir, 'index.html'), page('(()=>{early()})();'));
    return webDir;
  },
});

const scriptSrc = async (url: string) =>
  ((await t.p.app.request(url)).headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src ')) ?? '';

describe('the web app’s inline script in the Content-Security-Policy', () => {
  it('lets the page’s inline script run by its hash, on the pages only', async () => {
    expect(await scriptSrc('/rxpacs/')).toBe(`script-src ${sha('(()=>{early()})();')} 'self'`);
    expect(await scriptSrc('/rxpacs/readingFilm')).toContain(sha('(()=>{early()})();'));
    expect(await scriptSrc('/healthz')).toBe("script-src 'self'");
  });

  it('follows a rebuilt index.html (a new script, a new hash; the old one no longer runs)', async () => {
    writeFileSync(path.join(webDir, 'index.html'), page('(()=>{later()})();'));
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(webDir, 'index.html'), future, future);
    const now = await scriptSrc('/rxpacs/');
    expect(now).toContain(sha('(()=>{later()})();'));
    expect(now).not.toContain(sha('(()=>{early()})();'));
  });

  it('hashes inline scripts only, as the browser does (their text exactly)', () => {
    expect(inlineScriptHashes(page('a();\n'))).toEqual([sha('a();\n')]);
    expect(inlineScriptHashes('<script src="x.js"></script><script></script>')).toEqual([]);
  });
});
