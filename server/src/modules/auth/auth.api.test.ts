import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aesEncrypt } from '@shared/aes';
import { captcha, pwdError, session, sysConfig, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform();

const login = (username: string, password: string, extra: Record<string, string> = {}, lang?: string) =>
  call(t.p.app, 'POST', '/user/login', { form: { username, password, logon_type: 'PC', ...extra }, lang });

async function solveCaptcha(key: string, type = 0): Promise<string> {
  const img = await call(t.p.app, 'GET', `/tool/captcha?t=${key}&captcha_type=${type}`);
  expect(img.status).toBe(200);
  const [row] = await t.p.deps.db.select().from(captcha).where(eq(captcha.key, key));
  return row!.code;
}
const setConfig = (name: string, value: string) =>
  t.p.deps.db.update(sysConfig).set({ value }).where(eq(sysConfig.name, name));

describe('POST /user/login', () => {
  it('signs in with the login result fields of the spec and no password hash', async () => {
    const r = await login('doctor', 'Doctor@123');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, password_expire: false, free_disk: null });
    expect(typeof r.body.token).toBe('string');
    expect(r.body.update_password_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.body.user).toMatchObject({ username: 'doctor', hospital_code: 'H001', role_pk: 2 });
    expect(JSON.stringify(r.body)).not.toContain('scrypt');
    expect((r.body.data as { token: string }).token).toBe(r.body.token);
  });

  it('gives the administrator the free disk space', async () => {
    const r = await login('admin', 'Admin@123');
    expect(typeof r.body.free_disk).toBe('number');
  });

  it('stores password hashes with scrypt (memory-hard), never in clear', async () => {
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'auditor'));
    expect(u!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(u!.password_hash).not.toContain('Audit@123');
  });

  it('refuses a wrong password in the caller language, zh-CN by default', async () => {
    const zh = await login('register', 'Wrong@1234');
    expect(zh.status).toBe(401);
    expect(zh.body).toMatchObject({ success: false, error: 'BAD_CREDENTIALS', code: 401 });
    expect(zh.body.msg).toContain('用户名或密码错误');
    const en = await login('register', 'Wrong@1234', {}, 'en-US');
    expect(en.body.msg).toBe('Wrong username or password, or the account is locked');
    await t.p.deps.db.delete(pwdError).where(eq(pwdError.username, 'register'));
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const r = await login('nobody-here', 'Wrong@1234');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('BAD_CREDENTIALS');
  });

  it('refuses missing fields with a field-level 400', async () => {
    const r = await call(t.p.app, 'POST', '/user/login', { form: { username: 'doctor' }, lang: 'en-US' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.errors).toEqual([{ field: 'password', msg: 'required' }]);
  });

  it('forces the captcha after 2 failures, checks it once, and clears the count on success', async () => {
    await login('auditor', 'Wrong@1234');
    const second = await login('auditor', 'Wrong@1234');
    expect(second.body.data).toEqual({ captcha: true });
    expect((await call(t.p.app, 'GET', '/tool/getUseCaptcha?username=auditor')).body.data).toBe(true);

    const missing = await login('auditor', 'Audit@123');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('CAPTCHA_REQUIRED');

    const key = 'k-wrong-captcha-1';
    const code = await solveCaptcha(key);
    const wrong = await login('auditor', 'Audit@123', {
      captchaKey: key,
      inputCode: code === 'zzzz' ? 'yyyy' : 'zzzz',
    });
    expect(wrong.body.error).toBe('CAPTCHA_WRONG');
    const reused = await login('auditor', 'Audit@123', { captchaKey: key, inputCode: code });
    expect(reused.body.error).toBe('CAPTCHA_WRONG'); // single use

    const key2 = 'k-right-captcha-2';
    const code2 = await solveCaptcha(key2);
    const ok = await login('auditor', 'Audit@123', { captchaKey: key2, inputCode: code2.toLowerCase() });
    expect(ok.status).toBe(200);
    expect((await call(t.p.app, 'GET', '/tool/getUseCaptcha?username=auditor')).body.data).toBe(false);
  });

  it('enforces use_password_check on the server', async () => {
    const weak = await login('doctor', 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('PASSWORD_POLICY');
    await setConfig('use_password_check', 'N');
    try {
      expect((await login('doctor', 'weakpass')).body.error).toBe('BAD_CREDENTIALS');
    } finally {
      await setConfig('use_password_check', 'Y');
      await t.p.deps.db.delete(pwdError).where(eq(pwdError.username, 'doctor'));
    }
  });

  it('decrypts use_aes credentials and refuses plain ones when AES is on', async () => {
    await setConfig('use_aes', 'Y');
    try {
      const foot = await call(t.p.app, 'GET', '/tool/getFootTitle');
      const { aes, aes_key } = foot.body.data as { aes: string; aes_key: string };
      expect(aes).toBe('Y');
      expect(Buffer.from(aes_key, 'base64')).toHaveLength(32);
      const plain = await login('doctor', 'Doctor@123');
      expect(plain.status).toBe(400);
      const enc = await login(aesEncrypt('doctor', aes_key), aesEncrypt('Doctor@123', aes_key), { use_aes: 'Y' });
      expect(enc.status).toBe(200);
      expect((enc.body.user as { username: string }).username).toBe('doctor');
      const garbage = await login('bm90IGFlcw==', 'bm90IGFlcw==', { use_aes: 'Y' });
      expect(garbage.status).toBe(400);
    } finally {
      await setConfig('use_aes', 'N');
    }
    expect(((await call(t.p.app, 'GET', '/tool/getFootTitle')).body.data as { aes_key: string }).aes_key).toBe('');
  });

  it('refuses a user with no menu entry with the spec message', async () => {
    const r = await login('nomenu', 'Nomenu@123', {}, 'en-US');
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('NO_MENU');
    expect(r.body.msg).toBe('The current user has no permissions assigned, cannot log in yet');
    expect((await login('nomenu', 'Nomenu@123')).body.msg).toBe('当前用户未分配权限，暂不能登录');
  });

  it('refuses a disabled account after checking its password', async () => {
    await t.p.deps.db.update(sysUser).set({ status: 0 }).where(eq(sysUser.username, 'doctor2'));
    try {
      expect((await login('doctor2', 'Doctor@123')).body.error).toBe('ACCOUNT_DISABLED');
    } finally {
      await t.p.deps.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'doctor2'));
    }
  });

  it('tells the user when the password has expired', async () => {
    const old = new Date(Date.now() - 100 * 86_400_000);
    await t.p.deps.db.update(sysUser).set({ update_password_time: old }).where(eq(sysUser.username, 'doctor2'));
    const r = await login('doctor2', 'Doctor@123', {}, 'en-US');
    expect(r.body.password_expire).toBe(true);
    expect(r.body.password_expire_message).toContain('100 days');
    expect(r.body.password_notice).toEqual({ reason: 'expired', days: 100 });
  });

  it('warns, without blocking, when the password expires within 7 days', async () => {
    const soon = new Date(Date.now() - 85 * 86_400_000);
    await t.p.deps.db.update(sysUser).set({ update_password_time: soon }).where(eq(sysUser.username, 'doctor2'));
    const r = await login('doctor2', 'Doctor@123', {}, 'en-US');
    expect(r.status).toBe(200);
    expect(r.body.password_expire).toBe(false);
    expect(r.body.password_expire_message).toBe('Your password expires in 5 days; please change it soon');
    expect(r.body.password_notice).toEqual({ reason: 'expiring', days: 5 });
    await t.p.deps.db.update(sysUser).set({ update_password_time: new Date() }).where(eq(sysUser.username, 'doctor2'));
    const fresh = (await login('doctor2', 'Doctor@123')).body;
    expect(fresh).toMatchObject({ password_expire_message: '', password_notice: null });
  });

  it('refuses an expired captcha even with the right answer', async () => {
    await login('auditor', 'Wrong@1234');
    await login('auditor', 'Wrong@1234');
    const key = 'k-expired-captcha';
    const code = await solveCaptcha(key);
    await t.p.deps.db
      .update(captcha)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(captcha.key, key));
    const r = await login('auditor', 'Audit@123', { captchaKey: key, inputCode: code });
    expect(r.body.error).toBe('CAPTCHA_WRONG');
    await t.p.deps.db.delete(pwdError).where(eq(pwdError.username, 'auditor'));
  });
});

describe('sessions', () => {
  it('accepts the token raw or as Bearer, and refuses none or a bad one with 401', async () => {
    const token = await t.login('doctor');
    const raw = await call(t.p.app, 'POST', '/user/info', { headers: { authorization: token } });
    expect(raw.status).toBe(200);
    expect((await call(t.p.app, 'POST', '/user/info', { token })).status).toBe(200);
    const none = await call(t.p.app, 'POST', '/user/info');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 401, error: 'UNAUTHORIZED', data: null });
    expect((await call(t.p.app, 'POST', '/user/info', { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('doctor');
    expect((await call(t.p.app, 'POST', '/user/logout', { token })).status).toBe(200);
    const after = await call(t.p.app, 'POST', '/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('answers code 700 for an expired session', async () => {
    const token = await t.login('doctor');
    const me = await call(t.p.app, 'POST', '/user/info', { token });
    const userPk = (me.body.data as { user: { pk: number } }).user.pk;
    await t.p.deps.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.user_pk, userPk));
    const r = await call(t.p.app, 'POST', '/api/order/OrderList', { token, json: {} });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 700, error: 'SESSION_EXPIRED' });
  });

  it('extends a session on refresh', async () => {
    const token = await t.login('auditor');
    const soon = new Date(Date.now() + 30_000);
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'auditor'));
    await t.p.deps.db.update(session).set({ expires_at: soon }).where(eq(session.user_pk, u!.pk));
    const r = await call(t.p.app, 'POST', '/user/refreshToken', { token });
    expect(r.body.data).toMatchObject({ token, expires_in: 7200 });
    const rows = await t.p.deps.db.select().from(session).where(eq(session.user_pk, u!.pk));
    expect(Math.max(...rows.map((s) => s.expires_at.getTime()))).toBeGreaterThan(Date.now() + 3600_000);
  });

  it('prunes sessions a day past their end at the next sign-in', async () => {
    const token = await t.login('register');
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'register'));
    await t.p.deps.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(session.user_pk, u!.pk));
    await t.login('doctor');
    const left = await t.p.deps.db.select().from(session).where(eq(session.user_pk, u!.pk));
    expect(left).toEqual([]);
    expect((await call(t.p.app, 'POST', '/user/info', { token })).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('doctor');
    const rows = await t.p.deps.db.select({ h: session.token_hash }).from(session);
    expect(rows.some((r) => r.h === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });
});

describe('POST /user/info, checkPassword, userConfig', () => {
  it('returns the user, the menu tree and the permission rules', async () => {
    const token = await t.login('doctor');
    const r = await call(t.p.app, 'POST', '/user/info', { token, lang: 'en-US' });
    const data = r.body.data as {
      menus: { key: string; title: string }[];
      auth: { action: string }[];
      allAuth: { action: string; status: string }[];
    };
    expect(data.menus.map((m) => m.key)).toEqual(['orderList', 'collection', 'queue', 'statistics']);
    expect(data.menus[0]!.title).toBe('Image list');
    const actions = data.auth.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['order:list', 'patorder:saveOrder', 'user', 'dashboard']));
    expect(actions).not.toContain('patorder:audit');
    expect(data.allAuth.map((a) => a.action)).toContain('patorder:audit');
    expect(data.allAuth.every((a) => a.status === '0')).toBe(true);

    const admin = await t.login('admin');
    const a = await call(t.p.app, 'POST', '/user/info', { token: admin });
    const keys = JSON.stringify((a.body.data as { menus: unknown }).menus);
    expect(keys).toContain('pwdErrorList');
  });

  it('checks the lock-screen password and counts a wrong one (lockout.api.test.ts: how far)', async () => {
    const token = await t.login('doctor');
    expect(
      (await call(t.p.app, 'POST', '/user/checkPassword', { token, json: { password: 'Doctor@123' } })).status,
    ).toBe(200);
    const wrong = await call(t.p.app, 'POST', '/user/checkPassword', { token, json: { password: 'Nope@1234' } });
    expect(wrong.status).toBe(400);
    const [row] = await t.p.deps.db.select().from(pwdError).where(eq(pwdError.username, 'doctor'));
    expect(row!.count).toBe(1);
    await t.p.deps.db.delete(pwdError).where(eq(pwdError.username, 'doctor'));
  });

  it('keeps the layout settings per user and validates them', async () => {
    const token = await t.login('doctor');
    const r = await call(t.p.app, 'POST', '/user/userConfig', {
      token,
      json: { layout: { navTheme: 'light', layout: 'top' }, data1: { oneClickAudit: true } },
    });
    expect(r.status).toBe(200);
    const info = await call(t.p.app, 'POST', '/user/info', { token });
    const user = (info.body.data as { user: { layout: Record<string, unknown>; data1: Record<string, unknown> } }).user;
    expect(user.layout).toMatchObject({ navTheme: 'light', layout: 'top', multiTab: true });
    expect(user.data1.oneClickAudit).toBe(true);
    const bad = await call(t.p.app, 'POST', '/user/userConfig', { token, json: { layout: { navTheme: 'purple' } } });
    expect(bad.status).toBe(400);
    // A save of one field keeps the others (a partial schema with defaults would reset them).
    expect(
      (await call(t.p.app, 'POST', '/user/userConfig', { token, json: { layout: { multiTab: false } } })).status,
    ).toBe(200);
    const again = await call(t.p.app, 'POST', '/user/info', { token });
    expect((again.body.data as { user: { layout: Record<string, unknown> } }).user.layout).toMatchObject({
      navTheme: 'light',
      layout: 'top',
      multiTab: false,
    });
  });

  it("keeps the viewer's layout per modality in data1, merged with the other settings, and bounds it", async () => {
    const token = await t.login('auditor');
    const save = (data1: unknown) => call(t.p.app, 'POST', '/user/userConfig', { token, json: { data1 } });
    expect((await save({ oneClickAudit: true })).status).toBe(200);
    expect((await save({ viewer_layouts: { CT: '1x2', MR: '1x1' } })).status).toBe(200);
    const info = await call(t.p.app, 'POST', '/user/info', { token });
    const data1 = (info.body.data as { user: { data1: Record<string, unknown> } }).user.data1;
    expect(data1).toMatchObject({ viewer_layouts: { CT: '1x2', MR: '1x1' }, oneClickAudit: true });
    for (const bad of [
      { viewer_layouts: { CT: '3x3' } },
      { viewer_layouts: { 'c t': '1x1' } },
      { viewer_layouts: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`M${i}`, '1x1'])) },
    ]) {
      const r = await save(bad);
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
    const after = await call(t.p.app, 'POST', '/user/info', { token });
    expect((after.body.data as { user: { data1: Record<string, unknown> } }).user.data1.viewer_layouts).toEqual({
      CT: '1x2',
      MR: '1x1',
    });
  });
});

describe('password error list', () => {
  it('lets only role 1 delete entries', async () => {
    await login('doctor2', 'Wrong@1234');
    // Give the reviewing doctors the list (not role 1): they may read but not delete.
    const admin = await t.login('admin');
    const auditor = await t.login('auditor');
    expect((await call(t.p.app, 'GET', '/monitor/queryPwdErrorList', { token: auditor })).status).toBe(403);
    const { permission, rolePermission, role } = await import('../../platform/db/schema');
    const [perm] = await t.p.deps.db.select().from(permission).where(eq(permission.key, 'pwdErrorList'));
    const [r] = await t.p.deps.db.select().from(role).where(eq(role.code, 'audit_doctor'));
    await t.p.deps.db.insert(rolePermission).values({ role_pk: r!.pk, permission_pk: perm!.pk });
    const list = await call(t.p.app, 'GET', '/monitor/queryPwdErrorList', { token: auditor });
    expect(list.status).toBe(200);
    // doctor2 belongs to H002: an H001 reviewer does not see that entry.
    expect((list.body.data as { key: string }[]).some((e) => e.key === 'doctor2')).toBe(false);
    const del = await call(t.p.app, 'POST', '/monitor/delPwdErrorInfo', { token: auditor, json: { key: 'doctor2' } });
    expect(del.status).toBe(403);
    const adminList = await call(t.p.app, 'GET', '/monitor/queryPwdErrorList', { token: admin });
    expect((adminList.body.data as { key: string }[]).some((e) => e.key === 'doctor2')).toBe(true);
    const gone = await call(t.p.app, 'DELETE', '/monitor/delPwdErrorInfo', { token: admin, json: { key: 'doctor2' } });
    expect(gone.status).toBe(200);
    expect(
      (await call(t.p.app, 'POST', '/monitor/delPwdErrorInfo', { token: admin, json: { key: 'doctor2' } })).status,
    ).toBe(404);
  });
});
