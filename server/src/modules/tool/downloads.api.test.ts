import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** The spec's "tool download": files IT publishes in DOWNLOADS_DIR, listed with checksums, fetched by name. */
const dir = mkdtempSync(path.join(tmpdir(), 'rxpacs-downloads-'));
const deb = randomBytes(50_000);
writeFileSync(path.join(dir, 'rxpacs-agent_0.2.0_amd64.deb'), deb);
writeFileSync(path.join(dir, '.hidden'), 'not offered');
mkdirSync(path.join(dir, 'sub'));
writeFileSync(path.join(dir, 'sub', 'inner.txt'), 'not offered');
symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
const t = useTestPlatform({ users: ['doctor'], env: { DOWNLOADS_DIR: dir } });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('tool download', () => {
  it('lists the published files with size and SHA-256 to a session, nothing else in the folder', async () => {
    const r = await call(t.p.app, 'GET', '/tool/downloads', { token: t.token('doctor') });
    expect(r.status).toBe(200);
    const data = r.body.data as { files: { name: string; size: number; sha256: string }[]; origin: string };
    expect(data.files).toEqual([
      expect.objectContaining({ name: 'rxpacs-agent_0.2.0_amd64.deb', size: deb.length, sha256: sha256(deb) }),
    ]);
    expect(data.origin).toMatch(/^https?:\/\//);
    expect((await call(t.p.app, 'GET', '/tool/downloads')).status).toBe(401);
  });

  it('serves a published file by name without a session, as an attachment; nothing else', async () => {
    const res = await t.p.app.request('/downloads/rxpacs-agent_0.2.0_amd64.deb');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rxpacs-agent_0.2.0_amd64.deb"');
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(deb));
    for (const name of ['.hidden', 'sub', 'passwd', '..%2Fpasswd', '%2Fetc%2Fpasswd', 'nothing.deb']) {
      const r = await t.p.app.request(`/downloads/${name}`);
      expect(r.status, name).toBe(404);
      expect(await r.text(), name).not.toContain('root:');
    }
  });
});
