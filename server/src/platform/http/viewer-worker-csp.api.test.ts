import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({
  webDir: () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'rx-worker-csp-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(webDir, 'assets', 'decodeImageFrameWorker-uX5W_p-fJ.js'), 'self.onmessage = null;');
    writeFileSync(path.join(webDir, 'assets', 'stack-view-Ab12.js'), 'export {};');
    return webDir;
  },
});

const scriptSrc = async (url: string) => {
  const r = await t.p.app.request(url);
  expect(r.status).toBe(200);
  const csp = r.headers.get('content-security-policy') ?? '';
  return csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
};

describe('the image viewer’s decode worker in the Content-Security-Policy', () => {
  it("lets the decode worker compile WebAssembly ('wasm-unsafe-eval'); pages and other scripts keep script-src 'self'", async () => {
    expect(await scriptSrc('/rxpacs/assets/decodeImageFrameWorker-uX5W_p-fJ.js')).toBe(
      "script-src 'wasm-unsafe-eval' 'self'",
    );
    expect(await scriptSrc('/rxpacs/assets/stack-view-Ab12.js')).toBe("script-src 'self'");
    expect(await scriptSrc('/rxpacs/')).toBe("script-src 'self'");
    expect(await scriptSrc('/rxpacs/#/readingFilm')).toBe("script-src 'self'");
  });
});
