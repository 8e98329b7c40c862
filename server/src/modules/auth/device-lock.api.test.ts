import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captcha, loginThrottle, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { auditRowsOf } from './auth.test-helpers';

// The platform sits behind a reverse proxy at 127.0.0.1: every request's socket peer is the proxy.
const PROXY = '127.0.0.1';
const t = useTestPlatform({ env: { TRUSTED_PROXIES: PROXY } });

const WARD = '10.20.0.31'; // the address the doctor signs in from (a shared ward PC, or the hospital's NAT)
const ATTEMPTS = 200;

interface Try {
  password: string;
  /** The client address the proxy reports in X-Forwarded-For. */
  from: string;
  device?: string;
  captcha?: boolean;
  peer?: string;
  headers?: Record<string, string>;
}

/** A captcha answered as a script that reads it would (the answer comes from the database). */
async function solvedCaptcha() {
  const key = `k${Math.random().toString(36).slice(2)}`;
  expect((await call(t.p.app, 'GET', `/tool/captcha?t=${key}&captcha_type=0`)).status).toBe(200);
  const [row] = await t.p.deps.db.select({ code: captcha.code }).from(captcha).where(eq(captcha.key, key));
  return { captchaKey: key, inputCode: row!.code };
}

async function login(username: string, o: Try) {
  const form = { username, password: o.password, logon_type: 'PC', ...(o.captcha ? await solvedCaptcha() : {}) };
  const headers: Record<string, string> = { 'x-forwarded-for': `198.18.0.1, ${o.from}`, ...o.headers };
  if (o.device) headers.cookie = `rx_device=${o.device}`;
  return call(t.p.app, 'POST', '/user/login', { form, ip: o.peer ?? PROXY, lang: 'en-US', headers });
}
const deviceOf = (r: { headers: Headers }) => /rx_device=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
/** Waiting out every back-off, without waiting: the back-off's end moves to the past. */
const waitOut = () => t.p.deps.db.update(loginThrottle).set({ blocked_until: null });
const lockedUntil = async (username: string) =>
  (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!.locked_until;
const auditOf = (username: string, actions: string[]) => auditRowsOf(t.p.deps.db, username, actions);

/** `n` wrong passwords with solved captchas, each after the back-off of the one before. */
async function hammer(username: string, n: number, from: (i: number) => string) {
  for (let i = 0; i < n; i++) {
    await waitOut();
    const r = await login(username, { password: `Wrong@${i}x`, from: from(i), captcha: true });
    expect(r.status, r.text).toBe(401);
  }
}

describe('sign-in lock behind a trusted proxy: the device credential', () => {
  it(`${ATTEMPTS} wrong passwords with solved captchas from the account's own address do not lock out its device`, async () => {
    const first = await login('doctor', { password: 'Doctor@123', from: WARD });
    expect(first.status, first.text).toBe(200);
    const device = deviceOf(first);
    expect(first.headers.get('set-cookie')).toMatch(
      /^rx_device=[\w-]{43}; Max-Age=7776000; Path=\/; HttpOnly; SameSite=Strict$/,
    );

    await hammer('doctor', ATTEMPTS, () => WARD);
    expect(await lockedUntil('doctor')).toBeNull();
    expect(await auditOf('doctor', ['account_locked'])).toEqual([]);
    // Whoever is guessing at the ward's address is in a back-off right now, the right password included...
    const stranger = await login('doctor', { password: 'Doctor@123', from: WARD, captcha: true });
    expect(stranger.body.error).toBe('TOO_MANY_ATTEMPTS');
    // ...while the doctor's own browser signs in at once (the captcha is still asked for after 2 failures).
    const mine = await login('doctor', { password: 'Doctor@123', from: WARD, device, captcha: true });
    expect(mine.status, mine.text).toBe(200);
    expect(deviceOf(mine)).toBe(device);

    // The administrator was told: throttled bursts audited from the client's address, not the proxy's.
    const throttled = await auditOf('doctor', ['login_throttled']);
    expect(throttled.length).toBeGreaterThan(ATTEMPTS / 2);
    expect(new Set(throttled.map((r) => r.ip))).toEqual(new Set([WARD]));
  }, 240_000); // a KDF run and a captcha image per try: about 0.25 s each here

  it('strangers at many addresses, without the device credential, slow the account down but never lock it', async () => {
    await hammer('auditor', 30, (i) => `203.0.113.${i + 1}`);
    expect(await lockedUntil('auditor')).toBeNull();
    const admin = await login('admin', { password: 'Admin@123', from: WARD, captcha: true });
    const list = await call(t.p.app, 'GET', '/monitor/queryPwdErrorList', { token: admin.body.token as string });
    expect(list.body.data).toContainEqual(expect.objectContaining({ key: 'auditor', locked: false, throttled: true }));

    const newcomer = await login('auditor', { password: 'Audit@123', from: '198.51.100.77', captcha: true });
    expect(newcomer.body.error).toBe('TOO_MANY_ATTEMPTS'); // the account's back-off, for strangers
    await waitOut();
    const later = await login('auditor', { password: 'Audit@123', from: '198.51.100.77', captcha: true });
    expect(later.status, later.text).toBe(200);
  }, 120_000);

  it('the device holder is locked by their own failures only, and a foreign device credential is no help', async () => {
    const own = deviceOf(await login('register', { password: 'Register@123', from: WARD }));
    const others = deviceOf(await login('doctor2', { password: 'Doctor@123', from: WARD }));
    for (let i = 0; i < 5; i++) {
      await waitOut();
      const r = await login('register', { password: 'Wrong@1234', from: WARD, device: others, captcha: true });
      expect(r.status).toBe(401);
    }
    expect(await lockedUntil('register')).toBeNull();
    for (let i = 0; i < 5; i++) {
      await waitOut();
      await login('register', { password: 'Wrong@1234', from: WARD, device: own, captcha: true });
    }
    expect(await lockedUntil('register')).not.toBeNull();
    expect(await auditOf('register', ['account_locked'])).toEqual([
      expect.objectContaining({ ip: WARD, detail: expect.objectContaining({ known_failures: 5 }) }),
    ]);
    // One browser (a shared ward PC) keeps one credential: it becomes a device of each account signing in on it.
    const shared = await login('doctor2', { password: 'Doctor@123', from: WARD, device: own });
    expect(deviceOf(shared)).toBe(own);
  });

  it('believes X-Forwarded-For and -Proto from the trusted proxy only', async () => {
    const direct = await login('hadmin', {
      password: 'Nope@1234',
      from: '192.0.2.1',
      peer: '203.0.113.200',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.status).toBe(401);
    const [row] = await auditOf('hadmin', ['login_failed']);
    expect(row!.ip).toBe('203.0.113.200');

    await waitOut();
    const https = await login('hadmin', {
      password: 'Hadmin@123',
      from: '192.0.2.1',
      captcha: true,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.status, https.text).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/; Secure; SameSite=Strict$/);
    const around = await login('hadmin', {
      password: 'Hadmin@123',
      from: '192.0.2.1',
      peer: '203.0.113.200',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(around.status, around.text).toBe(200);
    expect(around.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});
