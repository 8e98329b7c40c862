import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfig } from '../db/schema';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { coreOrigin } from './core-url-csp';

const t = useTestPlatform({
  webDir: () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'rx-csp-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>t</title>');
    return webDir;
  },
});

const setCoreUrl = (value: string) =>
  t.p.deps.db.update(sysConfig).set({ value }).where(eq(sysConfig.name, 'core_url'));
const cspOf = async (url: string) => (await t.p.app.request(url)).headers.get('content-security-policy') ?? '';
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('core_url in the web app’s Content-Security-Policy', () => {
  it('lets the configured central origin into connect-src and img-src of the pages only', async () => {
    expect(directive(await cspOf('/rxpacs/'), 'connect-src')).not.toContain('core.example.org');
    await setCoreUrl('https://core.example.org:8443/pacs/');
    try {
      const csp = await cspOf('/rxpacs/');
      expect(directive(csp, 'connect-src')).toContain('https://core.example.org:8443');
      expect(directive(csp, 'img-src')).toContain('https://core.example.org:8443');
      expect(directive(csp, 'script-src')).not.toContain('core.example.org');
      expect(directive(csp, 'default-src')).not.toContain('core.example.org');
      expect(await cspOf('/healthz')).not.toContain('core.example.org');
    } finally {
      await setCoreUrl('');
    }
  });

  it('ignores a core_url that is not an http(s) address', async () => {
    await setCoreUrl("javascript:alert(1)'; script-src *");
    try {
      const csp = await cspOf('/rxpacs/');
      expect(csp).not.toContain('javascript');
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    } finally {
      await setCoreUrl('');
    }
  });

  it('takes only the origin of the address', () => {
    expect(coreOrigin(' https://core.example.org/a/b?c ')).toBe('https://core.example.org');
    expect(coreOrigin('ftp://core.example.org')).toBeNull();
    expect(coreOrigin('not a url')).toBeNull();
    expect(coreOrigin('')).toBeNull();
  });
});
