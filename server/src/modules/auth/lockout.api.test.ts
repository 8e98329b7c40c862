import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottle, pwdError, sysConfig, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { auditRowsOf } from './auth.test-helpers';

const t = useTestPlatform();

const OWN = '10.1.1.10';
const STRANGER = '203.0.113.7';
const PASSWORDS: Record<string, string> = {
  admin: 'Admin@123',
  doctor: 'Doctor@123',
  auditor: 'Audit@123',
  register: 'Register@123',
  doctor2: 'Doctor@123',
};

/** `device`: the value of the rx_device cookie an earlier sign-in set (device.ts). */
const login = (username: string, password: string, ip: string, lang = 'en-US', device = '') =>
  call(t.p.app, 'POST', '/user/login', {
    form: { username, password, logon_type: 'PC' },
    ip,
    lang,
    headers: device ? { cookie: `rx_device=${device}` } : {},
  });
const deviceOf = (r: { headers: Headers }) => /rx_device=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
const signIn = async (username: string, ip: string, device = '') => {
  const r = await login(username, PASSWORDS[username]!, ip, 'en-US', device);
  expect(r.status, r.text).toBe(200);
  return r.body.token as string;
};
/** A sign-in that keeps its device credential, as the browser does. */
const signInOnDevice = async (username: string, ip: string) => {
  const r = await login(username, PASSWORDS[username]!, ip);
  expect(r.status, r.text).toBe(200);
  return { token: r.body.token as string, device: deviceOf(r) };
};
/** Waiting out every back-off, without waiting: the back-off's end moves to the past. */
const waitOut = () => t.p.deps.db.update(loginThrottle).set({ blocked_until: null });
/** The captcha is forced from 2 failures; these tests are about what comes after it. */
const forgetCaptcha = (username: string) => t.p.deps.db.delete(pwdError).where(eq(pwdError.username, username));
const setConfig = (name: string, value: string) =>
  t.p.deps.db.update(sysConfig).set({ value }).where(eq(sysConfig.name, name));
const userRow = async (username: string) =>
  (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!;
const auditOf = (username: string, actions: string[]) => auditRowsOf(t.p.deps.db, username, actions);

/** A failed try from `ip` after any back-off: the failure itself always answers 401. */
async function failAfterWaiting(username: string, ip: string, password = 'Wrong@1234', device = '') {
  await waitOut();
  await forgetCaptcha(username);
  const r = await login(username, password, ip, 'en-US', device);
  expect(r.status, r.text).toBe(401);
  return r;
}

describe('sign-in lock-out that strangers cannot use', () => {
  it('answers an unknown user, a wrong password and a locked account alike (status, code, message, data)', async () => {
    await signIn('doctor2', OWN);
    await t.p.deps.db
      .update(sysUser)
      .set({ locked_until: new Date(Date.now() + 30 * 60_000) })
      .where(eq(sysUser.username, 'doctor2'));
    const answers = [
      await login('no-such-user', 'Wrong@1234', '198.51.100.1'),
      await login('auditor', 'Wrong@1234', '198.51.100.2'),
      await login('doctor2', 'Wrong@1234', '198.51.100.3'),
    ];
    await forgetCaptcha('doctor2');
    answers.push(await login('doctor2', 'Doctor@123', '198.51.100.4')); // the right password, locked
    const shape = (r: (typeof answers)[number]) => ({ status: r.status, body: r.body });
    for (const r of answers) expect(shape(r)).toEqual(shape(answers[0]!));
    expect(answers[0]!.body).toMatchObject({ error: 'BAD_CREDENTIALS', code: 401 });
    const zh = await login('no-such-user', 'Wrong@1234', '198.51.100.5', 'zh-CN');
    expect(zh.body.msg).toBe('用户名或密码错误，或账号已被锁定');
    await t.p.deps.db.update(sysUser).set({ locked_until: null }).where(eq(sysUser.username, 'doctor2'));
  });

  it('backs off a username at an address with growing waits, answered before the password and audited', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 3; i++) await failAfterWaiting('ghost', ip);
    const first = await login('ghost', 'Wrong@1234', ip);
    expect(first.status).toBe(429);
    expect(first.body).toMatchObject({ error: 'TOO_MANY_ATTEMPTS', data: { retry_after: 2 } });
    expect(first.body.msg).toBe('Too many failed attempts; try again in 2 s');
    await failAfterWaiting('ghost', ip);
    const second = await login('ghost', 'Wrong@1234', ip);
    expect(second.body.data).toMatchObject({ retry_after: 4 });
    await failAfterWaiting('ghost', ip);
    expect((await login('ghost', 'Wrong@1234', ip)).body.data).toMatchObject({ retry_after: 8 });

    const rows = await auditOf('ghost', ['login_throttled']);
    const pairs = rows.map((r) => r.detail).filter((d) => (d as { scope: string }).scope === 'pair');
    expect(pairs).toEqual([
      { source: 'login', scope: 'pair', fails: 3, seconds: 2 },
      { source: 'login', scope: 'pair', fails: 4, seconds: 4 },
      { source: 'login', scope: 'pair', fails: 5, seconds: 8 },
    ]);
    expect(rows.every((r) => r.ip === ip)).toBe(true);
  });

  it("a stranger's failures elsewhere never stop the user signing in from their own address", async () => {
    await signIn('auditor', OWN);
    for (let i = 0; i < 14; i++) await failAfterWaiting('auditor', STRANGER);
    expect(await login('auditor', 'Audit@123', STRANGER).then((r) => r.status)).toBe(429);
    // Strangers together are slowed down too: a third address is in the account's back-off.
    expect((await login('auditor', 'Audit@123', '192.0.2.99')).body.error).toBe('TOO_MANY_ATTEMPTS');

    expect((await userRow('auditor')).locked_until).toBeNull();
    await forgetCaptcha('auditor');
    await signIn('auditor', OWN);
    expect(await auditOf('auditor', ['account_locked'])).toEqual([]);
    const scopes = (await auditOf('auditor', ['login_throttled'])).map((r) => (r.detail as { scope: string }).scope);
    expect(new Set(scopes)).toEqual(new Set(['pair', 'account']));
  });

  it('locks at login_max_fails from a device the account signs in on; audited, listed, lifted by the administrator', async () => {
    await setConfig('login_max_fails', '4');
    try {
      const { device } = await signInOnDevice('register', OWN);
      expect(device).toMatch(/^[\w-]{43}$/);
      // Without the device credential, even at the account's own address: slowed, never locked.
      for (let i = 0; i < 6; i++) await failAfterWaiting('register', OWN);
      expect((await userRow('register')).locked_until).toBeNull();
      for (let i = 0; i < 3; i++) await failAfterWaiting('register', OWN, 'Wrong@1234', device);
      expect((await userRow('register')).locked_until).toBeNull();
      await failAfterWaiting('register', OWN, 'Wrong@1234', device);
      expect((await userRow('register')).locked_until!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      const [locked] = await auditOf('register', ['account_locked']);
      expect(locked).toMatchObject({ ip: OWN, detail: { source: 'login', known_failures: 4, minutes: 30 } });

      const admin = await signIn('admin', OWN);
      const list = await call(t.p.app, 'GET', '/monitor/queryPwdErrorList', { token: admin });
      expect(list.body.data).toContainEqual(
        expect.objectContaining({ key: 'register', locked: true, throttled: true }),
      );
      await failAfterWaiting('register', OWN, 'Register@123', device); // locked: the right password is refused alike

      await call(t.p.app, 'POST', '/monitor/delPwdErrorInfo', { token: admin, json: { key: 'register' } });
      await signIn('register', OWN, device);
    } finally {
      await setConfig('login_max_fails', '5');
    }
  });

  it('lock screen: wrong passwords count, end the session at login_max_fails, and never lock from elsewhere', async () => {
    await signIn('doctor', OWN);
    const stolen = await signIn('doctor', STRANGER);
    await t.p.deps.db.delete(loginThrottle).where(eq(loginThrottle.ip, STRANGER)); // STRANGER: not a known address
    const unlock = (token: string, password: string, ip: string) =>
      call(t.p.app, 'POST', '/user/checkPassword', { token, json: { password }, ip, lang: 'en-US' });
    for (let i = 0; i < 4; i++) {
      await waitOut();
      const r = await unlock(stolen, 'Nope@1234', STRANGER);
      expect(r.body).toMatchObject({ error: 'BAD_CREDENTIALS', msg: 'Wrong password' });
    }
    expect((await unlock(stolen, 'Doctor@123', STRANGER)).body.error).toBe('TOO_MANY_ATTEMPTS');
    await waitOut();
    const last = await unlock(stolen, 'Nope@1234', STRANGER);
    expect(last.status).toBe(401);
    expect(last.body.msg).toBe('Too many wrong passwords; you have been signed out');
    expect((await call(t.p.app, 'POST', '/user/info', { token: stolen })).status).toBe(401);
    expect((await t.p.deps.db.select().from(pwdError).where(eq(pwdError.username, 'doctor')))[0]!.count).toBe(5);
    expect(await auditOf('doctor', ['session_ended'])).toHaveLength(1);

    expect((await userRow('doctor')).locked_until).toBeNull();
    await forgetCaptcha('doctor');
    const mine = await signIn('doctor', OWN);
    expect((await unlock(mine, 'Doctor@123', OWN)).status).toBe(200);
  });

  it('lock screen on the own device: failures reach the hard lock as at sign-in', async () => {
    await setConfig('login_max_fails', '3');
    try {
      await forgetCaptcha('doctor2');
      const { token, device } = await signInOnDevice('doctor2', OWN);
      const unlock = (password: string) =>
        call(t.p.app, 'POST', '/user/checkPassword', {
          token,
          json: { password },
          ip: OWN,
          lang: 'en-US',
          headers: { cookie: `rx_device=${device}` },
        });
      for (let i = 0; i < 2; i++) expect((await unlock('Nope@1234')).status).toBe(400);
      await waitOut();
      const third = await unlock('Nope@1234');
      expect(third.body).toMatchObject({ error: 'ACCOUNT_LOCKED', code: 403 });
      expect((await userRow('doctor2')).locked_until).not.toBeNull();
      expect(await auditOf('doctor2', ['account_locked'])).toHaveLength(1);
    } finally {
      await setConfig('login_max_fails', '5');
      await t.p.deps.db.update(sysUser).set({ locked_until: null }).where(eq(sysUser.username, 'doctor2'));
    }
  });
});
