import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
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

  it('serves the extension and its update manifest with the types browsers expect; the page learns the id', async () => {
    const id = 'abcdefghijklmnopabcdefghijklmnop';
    const crx = Buffer.concat([Buffer.from('Cr24'), randomBytes(1000)]);
    const app = (appId: string) =>
      `  <app appid="${appId}">\n` +
      '    <updatecheck codebase="https://pacs.example.org/downloads/rxpacs-bridge-1.0.0.crx" version="1.0.0"/>\n' +
      '  </app>\n';
    const manifest = (...appIds: string[]) =>
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<gupdate xmlns="http://www.google.com/update2/response" protocol="2.0">\n' +
      `${appIds.map(app).join('')}</gupdate>\n`;
    const updates = path.join(dir, 'updates.xml');
    const extensionId = async () =>
      (
        (await call(t.p.app, 'GET', '/tool/downloads', { token: t.token('doctor') })).body.data as {
          extensionId?: string;
        }
      ).extensionId;
    expect(await extensionId()).toBeUndefined();
    writeFileSync(path.join(dir, 'rxpacs-bridge-1.0.0.crx'), crx);
    writeFileSync(updates, manifest(id));
    try {
      expect(await extensionId()).toBe(id);
      const crxRes = await t.p.app.request('/downloads/rxpacs-bridge-1.0.0.crx');
      expect(crxRes.headers.get('content-type')).toBe('application/x-chrome-extension');
      expect(Buffer.from(await crxRes.arrayBuffer())).toEqual(crx);
      const xmlRes = await t.p.app.request('/downloads/updates.xml?x=id%3Dabc%26v%3D0.0.0.0');
      expect(xmlRes.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(await xmlRes.text()).toBe(manifest(id));
      expect((await t.p.app.request('/downloads/rxpacs-agent_0.2.0_amd64.deb')).headers.get('content-type')).toBe(
        'application/octet-stream',
      );
      // Not an id: a malformed one, two apps, another kind of file, one too large, a link.
      for (const bad of [manifest('ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP'), manifest(id, id), `<x appid="${id}"/>`]) {
        writeFileSync(updates, bad);
        expect(await extensionId(), bad).toBeUndefined();
      }
      writeFileSync(updates, manifest(id).replace('</gupdate>', `<!--${' '.repeat(70_000)}--></gupdate>`));
      expect(await extensionId()).toBeUndefined();
      unlinkSync(updates);
      const elsewhere = path.join(tmpdir(), `rx-updates-${process.pid}.xml`);
      writeFileSync(elsewhere, manifest(id));
      symlinkSync(elsewhere, updates);
      expect(await extensionId()).toBeUndefined();
      rmSync(elsewhere);
    } finally {
      rmSync(updates, { force: true });
      rmSync(path.join(dir, 'rxpacs-bridge-1.0.0.crx'), { force: true });
    }
  });
});
