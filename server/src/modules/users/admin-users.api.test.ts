import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD_RE } from '@shared/constants';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { sysConfig, sysUser } from '../../platform/db/schema';
import { adminTestKit } from './admin.test-helpers';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });
const kit = adminTestKit(() => t.p);
const { post, counts, userPk, lastAudit } = kit;

const NO_MENU = 5;
const REPORT_DOCTOR = 2;
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  ch_name: '测试用户',
  password: 'Probe@123',
  hospital_code: 'H001',
  role_pk: NO_MENU,
  ...extra,
});
const page = async (token: string, filters: Record<string, unknown> = {}) => {
  const r = await post(token, '/user/findByPage', { pageNumber: 1, pageSize: 100, filters });
  return r as typeof r & { body: { data: { list: Record<string, unknown>[]; totalRow: number } } };
};
/** A role made by the super administrator that holds one permission key (e.g. sysConfig). */
const roleWith = async (code: string, key: string): Promise<number> => {
  const made = await post(t.token('admin'), '/role/save', { code, name: code });
  const pk = (made.body.data as { pk: number }).pk;
  expect((await post(t.token('admin'), '/role/savePermissions', { role_pk: pk, keys: [key] })).status).toBe(200);
  return pk;
};
const setPolicy = (value: 'Y' | 'N') =>
  t.p.deps.db
    .insert(sysConfig)
    .values({ name: 'use_password_check', value })
    .onConflictDoUpdate({ target: sysConfig.name, set: { value, status: 1 } });

describe('access: sys:user', () => {
  it('answers a doctor 403 on every user administration route and changes nothing', async () => {
    const before = await counts();
    const target = await userPk('register');
    for (const [path, json] of [
      ['/user/findByPage', {}],
      ['/user/save', newUser('by_doctor')],
      ['/user/lock', { pk: target, lock: true }],
      ['/user/resetPassword', { pk: target }],
      ['/user/delete', { pk: target }],
    ] as const) {
      expect((await post(t.token('doctor'), path, json)).status, path).toBe(403);
    }
    expect((await call(t.p.app, 'GET', '/user/exportXls', { token: t.token('doctor') })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /user/findByPage and GET /user/exportXls', () => {
  it('shows the super administrator every user, a hospital administrator only their hospital', async () => {
    const all = await page(t.token('admin'));
    expect(all.status).toBe(200);
    expect(all.body.data.list.map((u) => u.username)).toEqual(expect.arrayContaining(['doctor', 'doctor2', 'admin']));
    const own = await page(t.token('hadmin'));
    expect(own.body.data.list.length).toBeGreaterThan(0);
    expect(new Set(own.body.data.list.map((u) => u.hospital_code))).toEqual(new Set(['H001']));
    expect((await page(t.token('hadmin'), { sn: 'H002' })).status).toBe(403);
    expect((await page(t.token('admin'), { sn: 'H002' })).body.data.list.map((u) => u.username)).toEqual(['doctor2']);
  });

  it('never answers the password hash nor the bound certificate', async () => {
    const r = await page(t.token('admin'));
    expect(r.text).not.toMatch(/password_hash|usb_key|scrypt\$/);
  });

  it('filters by keyword (username or name), role and status; filters may be JSON text', async () => {
    const byName = await page(t.token('admin'), { keyword: '李主' });
    expect(byName.body.data.list.map((u) => u.username)).toEqual(['auditor']);
    const byRole = await page(t.token('hadmin'), { role_pk: REPORT_DOCTOR, keyword: 'doc' });
    expect(byRole.body.data.list.map((u) => u.username)).toEqual(['doctor']);
    const text = await post(t.token('admin'), '/user/findByPage', {
      filters: JSON.stringify({ keyword: 'hadmin', status: 1 }),
    });
    expect((text.body.data as { totalRow: number }).totalRow).toBe(1);
  });

  it('exports the same filter as .xlsx and audits the export', async () => {
    const r = await call(t.p.app, 'GET', `/user/exportXls?filters=${encodeURIComponent('{"keyword":"doctor"}')}`, {
      token: t.token('hadmin'),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    const row = await lastAudit('export');
    expect(row).toMatchObject({ target: 'user', username: 'hadmin' });
    expect(row?.detail).toMatchObject({ rows: 1 });
  });
});

describe('POST /user/save', () => {
  it('creates a user who can sign in; the audit row holds the user but no password or hash', async () => {
    const r = await post(
      t.token('admin'),
      '/user/save',
      newUser('new_doc', { role_pk: REPORT_DOCTOR, phone: '13812345678' }),
    );
    expect(r.status).toBe(200);
    const pk = (r.body.data as { pk: number }).pk;
    expect(await loginAs(t.p.app, 'new_doc', 'Probe@123')).toBeTruthy();
    const row = await lastAudit('user_create');
    expect(row).toMatchObject({ target: `sys_user:${pk}`, username: 'admin' });
    expect(row?.detail).toMatchObject({ before: null, after: { username: 'new_doc', hospital_code: 'H001' } });
    expect(JSON.stringify(row?.detail)).not.toMatch(/password|hash|Probe@123|scrypt/i);
  });

  it('edits a user and audits before and after', async () => {
    const pk = await userPk('new_doc');
    const r = await post(t.token('admin'), '/user/save', {
      ...newUser('new_doc', { role_pk: REPORT_DOCTOR }),
      pk,
      password: undefined,
      department: '超声科',
    });
    expect(r.status).toBe(200);
    const row = await lastAudit('user_update');
    expect(row?.detail).toMatchObject({ before: { department: '' }, after: { department: '超声科' } });
  });

  it('refuses a taken username with 400 naming the field, in the caller language, writing nothing', async () => {
    const before = await counts();
    const en = await post(t.token('admin'), '/user/save', newUser('doctor'));
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([{ field: 'username', msg: 'This username is already taken' }]);
    const zh = await post(t.token('admin'), '/user/save', newUser('doctor'), 'zh-CN');
    expect(zh.body.errors).toEqual([{ field: 'username', msg: '用户名已存在' }]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['phone', { phone: '12345678901' }],
    ['email', { email: 'not-an-email' }],
    ['username', { username: 'a b' }],
    ['ch_name', { ch_name: '' }],
    ['gender', { gender: 'X' }],
    ['role_pk', { role_pk: 0 }],
    ['password', { password: '12345' }],
    ['status', { status: 2 }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, bad) => {
    const before = await counts();
    const r = await post(t.token('admin'), '/user/save', newUser('bad_input', bad), 'zh-CN');
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    expect(r.body.msg).toMatch(/^参数错误/);
    expect(await counts()).toEqual(before);
  });

  it('two creates of one username at once: one is saved, the other names username (never a 500)', async () => {
    const both = await Promise.all(
      [0, 1].map(() => post(t.token('admin'), '/user/save', newUser('race_user', { role_pk: REPORT_DOCTOR }))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.errors).toEqual([expect.objectContaining({ field: 'username' })]);
  });

  it('needs a password on create, refuses one on edit, and an unknown role names role_pk', async () => {
    const none = await post(t.token('admin'), '/user/save', newUser('no_pw', { password: undefined }));
    expect(none.body.errors).toEqual([{ field: 'password', msg: 'A new user needs a password' }]);
    const edit = await post(t.token('admin'), '/user/save', { ...newUser('new_doc'), pk: await userPk('new_doc') });
    expect((edit.body.errors as { field: string }[])[0]?.field).toBe('password');
    const role = await post(t.token('admin'), '/user/save', newUser('no_role', { role_pk: 999 }));
    expect(role.body.errors).toEqual([{ field: 'role_pk', msg: 'No such role' }]);
  });

  it('applies the configured password policy: use_password_check Y wants a-z, A-Z and 0-9', async () => {
    await setPolicy('Y');
    const weak = await post(t.token('admin'), '/user/save', newUser('weak_pw', { password: 'abcdef' }));
    expect(weak.status).toBe(400);
    expect((weak.body.errors as { field: string }[])[0]?.field).toBe('password');
    await setPolicy('N');
    expect(
      (await post(t.token('admin'), '/user/save', newUser('weak_pw', { password: 'abcdef', role_pk: REPORT_DOCTOR })))
        .status,
    ).toBe(200);
  });

  it('keeps a hospital administrator to their hospital and to roles without administrative rights beyond theirs', async () => {
    const configRole = await roleWith('probe_cfg', 'sysConfig');
    const before = await counts();
    expect((await post(t.token('hadmin'), '/user/save', newUser('h2_user', { hospital_code: 'H002' }))).status).toBe(
      403,
    );
    expect((await post(t.token('hadmin'), '/user/save', newUser('h_super', { role_pk: 1 }))).status).toBe(403);
    expect((await post(t.token('hadmin'), '/user/save', newUser('h_cfg', { role_pk: configRole }))).status).toBe(403);
    const doctor2 = await userPk('doctor2');
    const other = await post(t.token('hadmin'), '/user/save', {
      ...newUser('doctor2'),
      pk: doctor2,
      password: undefined,
    });
    expect([403, 404]).toContain(other.status);
    const doc = await userPk('doctor');
    const move = await post(t.token('hadmin'), '/user/save', {
      ...newUser('doctor', { role_pk: REPORT_DOCTOR, hospital_code: 'H002' }),
      pk: doc,
      password: undefined,
    });
    expect(move.status).toBe(403);
    const promote = await post(t.token('hadmin'), '/user/save', {
      ...newUser('doctor', { role_pk: 1 }),
      pk: doc,
      password: undefined,
    });
    expect(promote.status).toBe(403);
    expect(await counts()).toEqual(before);

    const own = await post(t.token('hadmin'), '/user/save', newUser('h_clerk', { hospital_code: '' }));
    expect(own.status).toBe(200);
    const [made] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'h_clerk'));
    expect(made?.hospital_code).toBe('H001');
    // A doctor of their own hospital: report permissions are not administration.
    const hDoc = await post(t.token('hadmin'), '/user/save', newUser('h_doc', { role_pk: REPORT_DOCTOR }));
    expect(hDoc.status).toBe(200);
  });
});

describe('POST /user/lock, /user/resetPassword, /user/delete', () => {
  it('locks a user: their session ends at once (then the hub is told), sign-in is refused, unlock restores', async () => {
    const { spy, seen } = kit.spySessionsEnded();
    const token = await loginAs(t.p.app, 'new_doc', 'Probe@123');
    const pk = await userPk('new_doc');
    expect((await post(t.token('hadmin'), '/user/lock', { pk, lock: true })).status).toBe(200);
    expect((await post(token, '/user/info', {})).status).toBe(401);
    expect(spy).toHaveBeenCalledWith(pk, 'locked');
    expect(await seen()).toEqual([{ userPk: pk, reason: 'locked', open: 0 }]);
    const refused = await call(t.p.app, 'POST', '/user/login', {
      form: { username: 'new_doc', password: 'Probe@123', logon_type: 'PC' },
      lang: 'en-US',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'ACCOUNT_DISABLED',
      msg: 'This account is disabled; contact the administrator',
    });
    expect((await lastAudit('user_lock'))?.detail).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    expect((await post(t.token('hadmin'), '/user/lock', { pk, lock: false })).status).toBe(200);
    expect(await loginAs(t.p.app, 'new_doc', 'Probe@123')).toBeTruthy();
  });

  it("refuses another hospital's user (404) and oneself (409), writing nothing", async () => {
    const before = await counts();
    const doctor2 = await userPk('doctor2');
    const self = await userPk('hadmin');
    for (const [path, extra] of [
      ['/user/lock', { lock: true }],
      ['/user/resetPassword', {}],
      ['/user/delete', {}],
    ] as const) {
      expect((await post(t.token('hadmin'), path, { pk: doctor2, ...extra })).status, path).toBe(404);
      expect((await post(t.token('hadmin'), path, { pk: self, ...extra })).status, path).toBe(409);
    }
    expect((await post(t.token('admin'), '/user/delete', { pk: await userPk('admin') })).body.msg).toMatch(
      /own account/,
    );
    expect(await counts()).toEqual(before);
  });

  it('resets a password: a one-time password by the policy, sessions end, the sign-in can only change it', async () => {
    const { spy, seen } = kit.spySessionsEnded();
    const pk = await userPk('new_doc');
    const old = await loginAs(t.p.app, 'new_doc', 'Probe@123');
    const r = await post(t.token('admin'), '/user/resetPassword', { pk });
    expect(r.status).toBe(200);
    const password = (r.body.data as { password: string }).password;
    expect(password).toMatch(STRONG_PASSWORD_RE);
    expect((await post(old, '/user/info', {})).status).toBe(401);
    expect(await seen()).toEqual([{ userPk: pk, reason: 'password_reset', open: 0 }]);
    expect(spy).toHaveBeenCalledTimes(1);
    const audit = await lastAudit('user_reset_password');
    expect(audit?.target).toBe(`sys_user:${pk}`);
    expect(JSON.stringify(audit?.detail)).not.toMatch(new RegExp(`password|hash|scrypt|${password}`, 'i'));

    const signIn = await call(t.p.app, 'POST', '/user/login', {
      form: { username: 'new_doc', password, logon_type: 'PC' },
    });
    // Told as what it is (an administrator's reset), not as an expiry; password_expire stays for older clients.
    expect(signIn.body).toMatchObject({
      success: true,
      password_expire: true,
      password_notice: { reason: 'admin_reset' },
      password_expire_message: '管理员已重置您的密码，请修改后再使用',
    });
    const token = signIn.body.token as string;
    const info = await post(token, '/user/info', {});
    expect((info.body.data as { user: { must_change_password: boolean } }).user.must_change_password).toBe(true);
    const blocked = await call(t.p.app, 'GET', '/collection/list', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await post(token, '/user/updatePassword', {
      old_password: password,
      new_password: 'Changed@123',
      repeat_password: 'Changed@123',
    });
    expect(change.status).toBe(200);
    expect((await call(t.p.app, 'GET', '/collection/list', { token })).status).toBe(200);
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.pk, pk));
    expect(u?.must_change_password).toBe(0);
  });

  it('lets a hospital administrator lock but not take over (reset) an account with more administrative rights', async () => {
    const created = await post(
      t.token('admin'),
      '/user/save',
      newUser('h1_cfg', { role_pk: await roleWith('probe_cfg2', 'sysConfig') }),
    );
    expect(created.status).toBe(200);
    const before = await counts();
    const hadmin = t.token('hadmin');
    const cfgUser = await userPk('h1_cfg');
    expect((await post(hadmin, '/user/resetPassword', { pk: cfgUser })).status).toBe(403);
    // Nor edit, unlock or delete it: each would be a way to its rights.
    const edit = { ...newUser('h1_cfg'), pk: cfgUser, password: undefined };
    expect((await post(hadmin, '/user/save', edit)).status).toBe(403);
    expect((await post(hadmin, '/user/delete', { pk: cfgUser })).status).toBe(403);
    expect(await counts()).toEqual(before);
    // Stopping it is allowed; starting it again is not.
    expect((await post(hadmin, '/user/lock', { pk: cfgUser, lock: true })).status).toBe(200);
    const locked = await counts();
    expect((await post(hadmin, '/user/lock', { pk: cfgUser, lock: false })).status).toBe(403);
    expect(await counts()).toEqual(locked);
    expect((await post(t.token('admin'), '/user/lock', { pk: cfgUser, lock: false })).status).toBe(200);
    expect((await post(t.token('hadmin'), '/user/resetPassword', { pk: await userPk('h_clerk') })).status).toBe(200);
    expect((await post(t.token('hadmin'), '/user/resetPassword', { pk: await userPk('h_doc') })).status).toBe(200);
  });

  it('deletes a user: sessions end, the hub is told after the commit, the audit keeps the row', async () => {
    const { seen } = kit.spySessionsEnded();
    const pk = await userPk('weak_pw');
    const token = await loginAs(t.p.app, 'weak_pw', 'abcdef');
    expect((await post(t.token('admin'), '/user/delete', { pk })).status).toBe(200);
    expect((await post(token, '/user/info', {})).status).toBe(401);
    expect(await seen()).toEqual([{ userPk: pk, reason: 'deleted', open: 0 }]);
    const audit = await lastAudit('user_delete');
    expect(audit?.detail).toMatchObject({ before: { username: 'weak_pw' }, after: null });
    expect((await post(t.token('admin'), '/user/delete', { pk })).status).toBe(404);
  });

  it('keeps the last active super administrator: no demotion, disabling or locking of the last one', async () => {
    const me = await userPk('admin');
    const selfDemote = {
      ...newUser('admin', { role_pk: REPORT_DOCTOR, hospital_code: '', ch_name: '系统管理员' }),
      pk: me,
    };
    delete (selfDemote as { password?: string }).password;
    const before = await counts();
    const r = await post(t.token('admin'), '/user/save', selfDemote);
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/last active super administrator/);
    expect(await counts()).toEqual(before);

    // A second super administrator, locked, does not count: the refusal stands.
    const second = await post(t.token('admin'), '/user/save', newUser('super2', { role_pk: 1, hospital_code: '' }));
    const super2 = (second.body.data as { pk: number }).pk;
    expect((await post(t.token('admin'), '/user/lock', { pk: super2, lock: true })).status).toBe(200);
    expect((await post(t.token('admin'), '/user/save', selfDemote)).status).toBe(409);
    // Active again, it does: then super2 could be locked by admin, and the other way round.
    expect((await post(t.token('admin'), '/user/lock', { pk: super2, lock: false })).status).toBe(200);
    const s2 = await loginAs(t.p.app, 'super2', 'Probe@123');
    expect((await post(s2, '/user/lock', { pk: super2, lock: true })).status).toBe(409);
    expect((await post(t.token('admin'), '/user/delete', { pk: super2 })).status).toBe(200);
    // A hospital administrator never touches a super administrator of their hospital.
    const h1Super = await post(t.token('admin'), '/user/save', newUser('super_h1', { role_pk: 1 }));
    const pk = (h1Super.body.data as { pk: number }).pk;
    expect((await post(t.token('hadmin'), '/user/lock', { pk, lock: true })).status).toBe(403);
  });
});
