import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONFIG_KINDS } from '@shared/config-kinds';
import { auditLog, sysConfig, sysUser } from '../../platform/db/schema';
import { CONFIG_DEFAULTS } from '../../platform/db/seed/config-defaults';
import { getConfigs } from '../../platform/config';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'hadmin'] });

const post = (path: string, json: unknown, token = t.token('admin'), lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token, json, lang });
const entry = async (name: string) => (await t.p.deps.db.select().from(sysConfig).where(eq(sysConfig.name, name)))[0];
const audits = (target: string) =>
  t.p.deps.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.pk));
const aesKey = async () => (await entry('aes_key'))!.value;

describe('the kinds of the known entries', () => {
  it('every built-in entry has a kind, and its default value fits it', async () => {
    expect(Object.keys(CONFIG_KINDS).sort()).toEqual(Object.keys(CONFIG_DEFAULTS).sort());
    for (const [name, d] of Object.entries(CONFIG_DEFAULTS)) {
      if (name === 'aes_key') continue;
      const r = await post('/config/update', { name, value: d.value });
      expect(r.status, `${name}: ${r.text}`).toBe(200);
    }
  });
});

describe('POST /config/list', () => {
  it('lists with the generic contract (filters as JSON or object), secrets masked, built-ins flagged', async () => {
    const r = await post('/config/list', { pageNumber: 1, pageSize: 50, filters: JSON.stringify({ keyword: 'aes' }) });
    expect(r.status, r.text).toBe(200);
    const data = r.body.data as { list: { name: string; value: string; builtin: boolean; secret: boolean }[] };
    expect(data.list.map((e) => e.name).sort()).toEqual(['aes_key', 'use_aes']);
    expect(data.list.find((e) => e.name === 'aes_key')).toMatchObject({ value: '******', secret: true, builtin: true });
    expect(r.text).not.toContain(await aesKey());
    const byStatus = await post('/config/list', { filters: { status: '1', type: 'system' }, column: 'name' });
    expect((byStatus.body.data as { totalRow: number }).totalRow).toBe(Object.keys(CONFIG_DEFAULTS).length);
  });

  it('needs sys:config: a hospital administrator and a doctor get 403', async () => {
    expect((await post('/config/list', {}, t.token('hadmin'))).status).toBe(403);
    expect((await post('/config/update', { name: 'use_captcha', value: 'Y' }, t.token('doctor'))).status).toBe(403);
    expect((await entry('use_captcha'))!.value).toBe('N');
  });
});

describe('values checked by kind: 400 naming value, in the caller language, nothing written', () => {
  const cases: [string, string, string][] = [
    ['use_captcha', 'yes', 'Allowed: Y, N'],
    ['login_max_fails', '0', 'Allowed: 1-20'],
    ['login_max_fails', '21', 'Allowed: 1-20'],
    ['login_lock_minutes', '1441', 'Allowed: 1-1440'],
    ['password_expire_days', '-1', 'Allowed: 0-3650'],
    ['password_expire_days', '3.5', 'Allowed: 0-3650'],
    ['core_url', 'ftp://x.example', 'Allowed: an http(s):// address, or empty'],
    ['imageViewer', 'javascript:alert(1)', 'Allowed: an http(s):// address, or empty'],
    ['openType', 'popup', "Allowed: '', _blank, _self"],
    ['title_color', 'red', 'Allowed: #rrggbb'],
    ['system_title', 'x'.repeat(65), 'Allowed: ≤ 64'],
  ];
  it.each(cases)('%s = %j', async (name, value, msg) => {
    const before = await entry(name);
    const auditsBefore = (await audits(`sys_config:${name}`)).length;
    const r = await post('/config/update', { name, value });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'value', msg }]);
    expect(await entry(name)).toEqual(before);
    expect(await audits(`sys_config:${name}`)).toHaveLength(auditsBefore);
  });

  it('answers in Chinese for zh-CN', async () => {
    const r = await post('/config/update', { name: 'login_max_fails', value: '99' }, t.token('admin'), 'zh-CN');
    expect(r.body.errors).toEqual([{ field: 'value', msg: '取值须为：1-20' }]);
  });

  it('accepts good values of each kind, normalised, with an audit row holding before and after', async () => {
    for (const [name, value, stored] of [
      ['core_url', ' https://pacs.example/core ', 'https://pacs.example/core'],
      ['login_lock_minutes', '045', '45'],
      ['title_color', '#A0b1C2', '#A0b1C2'],
      ['openType', '_self', '_self'],
      ['imageViewer', '', ''],
    ] as const) {
      const r = await post('/config/update', { name, value });
      expect(r.status, r.text).toBe(200);
      expect((await entry(name))!.value).toBe(stored);
      const [a] = await audits(`sys_config:${name}`);
      expect(a).toMatchObject({ action: 'config_update', username: 'admin' });
      expect((a!.detail as { after: { value: string } }).after.value).toBe(stored);
    }
    await post('/config/update', { name: 'login_lock_minutes', value: '30' });
  });
});

describe('custom entries', () => {
  it('creates (name [a-zA-Z0-9_]{1,64}, unique), changes by pk, deletes; built-in ones cannot be deleted', async () => {
    const r = await post('/config/save', {
      name: 'film_quality',
      value: 'A',
      description: 'Film',
      type: 'image_quality',
    });
    expect(r.status, r.text).toBe(200);
    const pk = (r.body.data as { pk: number }).pk;
    expect((await audits('sys_config:film_quality'))[0]).toMatchObject({
      action: 'config_create',
      detail: { before: null, after: expect.objectContaining({ value: 'A' }) },
    });

    const dup = await post('/config/save', { name: 'film_quality', value: 'B' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'name', msg: 'The entry film_quality already exists' }]);
    const badName = await post('/config/save', { name: 'film-quality', value: 'B' });
    expect(badName.status).toBe(400);
    expect(badName.body.errors).toEqual([
      { field: 'name', msg: 'a setting name is 1 to 64 letters, digits or underscores' },
    ]);
    const zhName = await post('/config/save', { name: 'film-quality', value: 'B' }, t.token('admin'), 'zh-CN');
    expect(zhName.body.errors).toEqual([{ field: 'name', msg: '参数名为 1 至 64 个字母、数字或下划线' }]);

    expect((await post('/config/update', { pk, value: 'B', status: 0 })).status).toBe(200);
    expect(await entry('film_quality')).toMatchObject({ value: 'B', status: 0 });
    expect((await post('/config/update', { pk, name: 'use_captcha', value: 'Y' })).status).toBe(404);
    expect((await post('/config/update', { value: 'Y' })).body.errors).toEqual([
      { field: 'pk', msg: 'name the setting by its pk or its name' },
    ]);

    const del = await post('/config/delete', { pk });
    expect(del.body).toMatchObject({ success: true, data: { deleted: 1 } });
    expect(await entry('film_quality')).toBeUndefined();
    expect((await audits('sys_config:film_quality'))[0]).toMatchObject({ action: 'config_delete' });

    const builtin = (await entry('use_critical'))!;
    const refused = await post('/config/delete', { pk: builtin.pk });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('A built-in entry cannot be deleted (its value can be changed)');
    expect(await entry('use_critical')).toBeTruthy();
    // its type groups it for the platform: the same one again is fine, another is refused
    expect((await post('/config/update', { pk: builtin.pk, type: builtin.type })).status).toBe(200);
    const retyped = await post('/config/update', { pk: builtin.pk, type: 'image_quality', value: builtin.value });
    expect(retyped.status).toBe(400);
    expect(retyped.body.errors).toEqual([
      { field: 'type', msg: "A built-in entry's type is the platform's and cannot be changed" },
    ]);
    expect(await entry('use_critical')).toMatchObject({ type: builtin.type });
  });

  it('a disabled built-in entry reads as its default', async () => {
    await post('/config/update', { name: 'use_critical', value: 'N', status: 0 });
    expect((await getConfigs(t.p.deps.db, ['use_critical'])).use_critical).toBe('Y');
    const all = await post('/config/configAll', {}, t.token('doctor'));
    expect((all.body.data as Record<string, string>).use_critical).toBe('Y');
    await post('/config/update', { name: 'use_critical', value: 'Y', status: 1 });
  });
});

describe('secrets: aes_key and entries named like keys are never read back', () => {
  it('is absent from configAll, findByName and findType; masked in the list', async () => {
    await post('/config/save', { name: 'sms_api_key', value: 'sms-secret-value', type: 'image_quality' });
    await post('/config/save', { name: 'grade_a', value: '甲级', type: 'image_quality' });
    const key = await aesKey();
    expect(key.length).toBeGreaterThan(20);

    const all = await post('/config/configAll', {}, t.token('doctor'));
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ use_critical: 'Y', grade_a: '甲级' });
    expect(all.body.data).not.toHaveProperty('aes_key');
    expect(all.text).not.toContain(key);
    expect(all.text).not.toContain('sms-secret-value');

    for (const name of ['aes_key', 'sms_api_key']) {
      const r = await call(t.p.app, 'GET', `/config/findByName?name=${name}`, { token: t.token('doctor') });
      expect(r.status).toBe(404);
    }
    const found = await call(t.p.app, 'GET', '/config/findByName?name=use_critical', { token: t.token('doctor') });
    expect(found.body.data).toEqual({ name: 'use_critical', value: 'Y', description: expect.any(String) });

    const type = await post('/config/findType', { type: 'image_quality' }, t.token('doctor'));
    expect(type.body.data).toEqual([{ name: 'grade_a', value: '甲级', description: '' }]);

    const list = await post('/config/list', { pageSize: 50 });
    expect(list.text).not.toContain(key);
    expect(list.text).not.toContain('sms-secret-value');
  });

  it('cannot be changed or disabled from /config/update; rotateAesKey makes a new one, audited without it', async () => {
    const key = await aesKey();
    const r = await post('/config/update', { name: 'aes_key', value: 'bXkta2V5' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'value', msg: 'The key cannot be changed here; use "Generate a new key"' },
    ]);
    expect((await post('/config/update', { name: 'aes_key', status: 0 })).body.errors).toEqual([
      { field: 'status', msg: 'This entry cannot be disabled' },
    ]);
    expect(await aesKey()).toBe(key);

    expect((await post('/config/update', { name: 'aes_key', description: 'Login key' })).status).toBe(200);
    expect((await post('/config/rotateAesKey', undefined)).status).toBe(200);
    const fresh = await aesKey();
    expect(fresh).not.toBe(key);
    expect(Buffer.from(fresh, 'base64')).toHaveLength(32);

    const rows = await t.p.deps.db.select().from(auditLog).where(like(auditLog.target, 'sys_config:%'));
    const text = JSON.stringify(rows);
    expect(text).not.toContain(key);
    expect(text).not.toContain(fresh);
    expect(text).not.toContain('sms-secret-value');
    expect(rows.some((a) => a.action === 'config_rotate_key')).toBe(true);
  });
});

describe('a change applies at the next sign-in, without a restart', () => {
  /** `device`: the rx_device cookie an earlier sign-in set (only failures from the account's own browser lock it). */
  const login = (username: string, password: string, ip = '10.9.9.9', device = '') =>
    call(t.p.app, 'POST', '/user/login', {
      form: { username, password, logon_type: 'PC' },
      ip,
      lang: 'en-US',
      headers: device ? { cookie: `rx_device=${device}` } : {},
    });

  it('use_captcha Y: the next sign-in needs a captcha; N again: it does not', async () => {
    expect((await login('auditor', 'Audit@123')).status).toBe(200);
    await post('/config/update', { name: 'use_captcha', value: 'Y' });
    const r = await login('auditor', 'Audit@123');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('CAPTCHA_REQUIRED');
    await post('/config/update', { name: 'use_captcha', value: 'N' });
    expect((await login('auditor', 'Audit@123')).status).toBe(200);
  });

  it("login_max_fails 1: one wrong password from the account's own browser locks the account", async () => {
    const register = () => t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'register'));
    await post('/config/update', { name: 'login_max_fails', value: '1' });
    try {
      const signedIn = await login('register', 'Register@123', '10.7.7.7');
      expect(signedIn.status).toBe(200);
      const device = /rx_device=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
      expect((await login('register', 'Wrong@1234', '10.7.7.7', device)).status).toBe(401);
      expect((await register())[0]!.locked_until!.getTime()).toBeGreaterThan(Date.now());
      const [locked] = await t.p.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.username, 'register'), eq(auditLog.action, 'account_locked')));
      expect(locked!.detail).toMatchObject({ known_failures: 1 });
    } finally {
      await post('/config/update', { name: 'login_max_fails', value: '5' });
    }
  });
});
