import { Writable } from 'node:stream';
import { desc, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppCredentials, AppRow } from '@shared/schemas/apps';
import { auditLog, sysApp } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });

const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const list = async (filters: Record<string, string> = {}, who: DemoUser = 'admin') => {
  const q = new URLSearchParams({ pageSize: '50', filters: JSON.stringify(filters) });
  return call(t.p.app, 'GET', `/app/queryList?${q}`, { token: t.token(who) });
};
const rowsOf = (r: { body: { data?: unknown } }) => (r.body.data as { list: AppRow[] }).list;
const appAudits = () =>
  t.p.deps.db.select().from(auditLog).where(like(auditLog.action, 'app.%')).orderBy(desc(auditLog.pk));
const valid = { app_name: 'HIS one', redirect_uris: ['https://his.example.org/callback'], remark: 'the HIS' };

async function created(body: Record<string, unknown> = valid): Promise<AppCredentials> {
  const r = await post('admin', '/app/save', body);
  expect(r.status, r.text).toBe(200);
  return r.body.data as AppCredentials;
}

/** Every log line the platform writes while `work` runs. */
async function logsDuring(work: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const deps = t.p.deps as { log: typeof t.p.deps.log };
  const saved = deps.log;
  deps.log = pino({ level: 'trace' }, sink) as unknown as typeof saved;
  try {
    await work();
  } finally {
    deps.log = saved;
  }
  return lines.join('');
}

describe('/app administration (sys:app)', () => {
  it('save answers the client id and secret once; the secret is kept as its SHA-256 only', async () => {
    const creds = await created({ ...valid, app_name: 'Secret keeper' });
    expect(creds.client_id).toMatch(/^rx_[A-Za-z0-9_-]{24}$/);
    expect(creds.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.p.deps.db.select().from(sysApp).where(eq(sysApp.pk, creds.pk));
    expect(row!.client_secret_hash).toBe(sha256Hex(creds.client_secret));
    expect(row!.create_name).toBe('admin');
  });

  it('the list never shows a secret nor its hash; filters by name and created dates', async () => {
    const creds = await created({ ...valid, app_name: 'EMR listed' });
    const r = await list({ app_name: 'emr list' });
    expect(r.status).toBe(200);
    const rows = rowsOf(r);
    expect(rows.map((a) => a.app_name)).toEqual(['EMR listed']);
    expect(rows[0]!.redirect_uris).toEqual(valid.redirect_uris);
    expect(r.text).not.toContain(creds.client_secret);
    expect(r.text).not.toContain(sha256Hex(creds.client_secret));
    expect(r.text).not.toMatch(/secret/i);
    const today = new Date().toISOString().slice(0, 10);
    expect(rowsOf(await list({ create_time_begin: today, create_time_end: today })).length).toBeGreaterThan(0);
    expect(rowsOf(await list({ create_time_end: '2000-01-01' }))).toEqual([]);
  });

  it('refuses a duplicate app name with 409 naming app_name, in the caller language, writing nothing', async () => {
    await created({ ...valid, app_name: 'Twin' });
    const before = await t.p.deps.db.$count(sysApp);
    const en = await post('admin', '/app/save', { ...valid, app_name: '  Twin ' });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ success: false, msg: 'The app name "Twin" already exists' });
    expect(en.body.errors).toEqual([{ field: 'app_name', msg: 'The app name "Twin" already exists' }]);
    const zh = await post('admin', '/app/save', { ...valid, app_name: 'Twin' }, 'zh-CN');
    expect(zh.body.msg).toBe('应用名称“Twin”已存在');
    const other = await created({ ...valid, app_name: 'Not a twin' });
    const edit = await post('admin', '/app/edit', { ...valid, pk: other.pk, app_name: 'Twin' });
    expect(edit.status).toBe(409);
    expect(await t.p.deps.db.$count(sysApp)).toBe(before + 1);
  });

  it('an app that only places FHIR orders needs no redirect URI; one that signs users in does', async () => {
    const orders = await post('admin', '/app/save', {
      ...valid,
      app_name: 'Orders only',
      redirect_uris: [],
      order_hospital_code: 'H001',
    });
    expect(orders.status, orders.text).toBe(200);
    const pk = (orders.body.data as { pk: number }).pk;
    const off = await post('admin', '/app/edit', { ...valid, pk, app_name: 'Orders only', redirect_uris: [] }, 'zh-CN');
    expect([off.status, (off.body.errors as { field: string; msg: string }[])[0]]).toEqual([
      400,
      { field: 'redirect_uris', msg: '请至少填写一个回调地址（仅用于 FHIR 下单的应用可不填）' },
    ]);
    await post('admin', '/app/delete', { pk });
  });

  it.each([
    ['app_name too short', { app_name: 'A' }, 'app_name'],
    ['app_name too long', { app_name: 'x'.repeat(65) }, 'app_name'],
    ['remark over 126', { remark: 'r'.repeat(127) }, 'remark'],
    ['no redirect URI', { redirect_uris: [] }, 'redirect_uris'],
    ['http on a public host', { redirect_uris: ['http://his.example.org/cb'] }, 'redirect_uris.0'],
    ['a fragment', { redirect_uris: ['https://his.example.org/cb#x'] }, 'redirect_uris.0'],
    ['a relative URI', { redirect_uris: ['/cb'] }, 'redirect_uris.0'],
    ['a custom scheme', { redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris.0'],
    ['a server_url without scheme', { server_url: 'his.example.org' }, 'server_url'],
  ])('refuses %s (400 naming the field)', async (_what, over, field) => {
    const r = await post('admin', '/app/save', { ...valid, app_name: 'Bad input', ...over });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
  });

  it('accepts http on loopback addresses (RFC 8252) and de-duplicates the URIs', async () => {
    const uris = ['http://127.0.0.1:8123/cb', 'http://localhost/cb', 'http://127.0.0.1:8123/cb'];
    const creds = await created({ ...valid, app_name: 'Desktop app', redirect_uris: uris });
    const [row] = await t.p.deps.db.select().from(sysApp).where(eq(sysApp.pk, creds.pk));
    expect(row!.redirect_uris).toEqual(['http://127.0.0.1:8123/cb', 'http://localhost/cb']);
  });

  it('edit changes the fields and keeps the secret; audit rows have before and after and no secret', async () => {
    const creds = await created({ ...valid, app_name: 'Editable' });
    const r = await post('admin', '/app/edit', { ...valid, pk: creds.pk, app_name: 'Edited', remark: 'new' });
    expect(r.status, r.text).toBe(200);
    const [row] = await t.p.deps.db.select().from(sysApp).where(eq(sysApp.pk, creds.pk));
    expect(row).toMatchObject({
      app_name: 'Edited',
      remark: 'new',
      client_secret_hash: sha256Hex(creds.client_secret),
    });
    const [audit] = await appAudits();
    expect(audit).toMatchObject({ action: 'app.update', target: `sys_app:${creds.pk}`, username: 'admin' });
    const detail = audit!.detail as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(detail.before.app_name).toBe('Editable');
    expect(detail.after.app_name).toBe('Edited');
    expect(JSON.stringify(detail)).not.toMatch(/secret|hash/);
  });

  it('resetSecret answers a new secret once; the old one no longer matches; nothing secret in audit or logs', async () => {
    const creds = await created({ ...valid, app_name: 'Reset me' });
    let reset: AppCredentials | undefined;
    const logs = await logsDuring(async () => {
      const r = await post('admin', '/app/resetSecret', { pk: creds.pk });
      expect(r.status).toBe(200);
      reset = r.body.data as AppCredentials;
    });
    expect(reset!.client_id).toBe(creds.client_id);
    expect(reset!.client_secret).not.toBe(creds.client_secret);
    const [row] = await t.p.deps.db.select().from(sysApp).where(eq(sysApp.pk, creds.pk));
    expect(row!.client_secret_hash).toBe(sha256Hex(reset!.client_secret));
    expect(logs).toContain('/app/resetSecret');
    for (const secret of [creds.client_secret, reset!.client_secret]) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(sha256Hex(secret));
    }
    const audits = JSON.stringify(await appAudits());
    expect(audits).toContain('app.reset_secret');
    expect(audits).not.toContain(reset!.client_secret);
    expect(audits).not.toContain(sha256Hex(reset!.client_secret));
    expect(audits).not.toContain(creds.client_secret);
    expect(audits).not.toMatch(/client_secret/);
  });

  it('delete removes the app with an audit row; an unknown pk is 404', async () => {
    const creds = await created({ ...valid, app_name: 'Short-lived' });
    expect((await post('admin', '/app/delete', { pk: creds.pk })).status).toBe(200);
    expect(await t.p.deps.db.$count(sysApp, eq(sysApp.pk, creds.pk))).toBe(0);
    expect((await appAudits())[0]).toMatchObject({ action: 'app.delete', target: `sys_app:${creds.pk}` });
    expect((await post('admin', '/app/delete', { pk: creds.pk })).status).toBe(404);
    expect((await post('admin', '/app/resetSecret', { pk: 999999 })).status).toBe(404);
  });

  it('is the super administrator alone: hadmin and doctor get 403', async () => {
    for (const who of ['hadmin', 'doctor'] as const) {
      expect((await list({}, who)).status).toBe(403);
      expect((await post(who, '/app/save', { ...valid, app_name: 'Not mine' })).status).toBe(403);
    }
  });

  it('the duplicate check answers for app names', async () => {
    await created({ ...valid, app_name: 'Checked name' });
    const q = { tableName: 'sys_app', fieldName: 'app_name', fieldVal: 'Checked name' };
    expect((await post('admin', '/duplicate/check', q)).body.success).toBe(false);
    expect((await post('admin', '/duplicate/check', { ...q, fieldVal: 'Free name' })).body.success).toBe(true);
    expect((await post('hadmin', '/duplicate/check', q)).status).toBe(403);
  });
});
