import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CertBinding, CertLoginResult } from '@shared/schemas/cert';
import { auditLog, sysUser } from '../../platform/db/schema';
import { loadEnv } from '../../platform/core/env';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { parseCertificate } from './proof';
import { certFactory, type TestCert } from '../../../../tests/support/test-certs';

// app.request() addresses the app as http://localhost: that is the origin a signature must cover.
const ORIGIN = 'http://localhost';
const DAY = 86_400_000;
const t = useTestPlatform({ users: ['doctor', 'auditor'] });
const certs = certFactory();

afterAll(() => certs.cleanup());
afterEach(() => {
  t.p.deps.now = undefined;
});

const setClock = (d: Date) => {
  t.p.deps.now = () => d;
};

/** A sign-in challenge and the caller cookie it is bound to. */
async function loginChallenge(cookie?: string) {
  const r = await call(t.p.app, 'POST', '/cert/challenge', { json: {}, headers: cookie ? { cookie } : {} });
  expect(r.status).toBe(200);
  const set = r.headers.get('set-cookie') ?? '';
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/SameSite=Strict/i);
  return { challenge: (r.body.data as { challenge: string }).challenge, cookie: set.split(';')[0]! };
}

const proofOf = async (c: TestCert, challenge: string, origin = ORIGIN) => ({
  challenge,
  signature: await c.sign(origin, challenge),
  certificate: c.der,
  algorithm: c.algorithm,
});

async function certLogin(c: TestCert, o: { origin?: string; lang?: string } = {}) {
  const { challenge, cookie } = await loginChallenge();
  return call(t.p.app, 'POST', '/cert/login', {
    json: await proofOf(c, challenge, o.origin),
    headers: { cookie },
    lang: o.lang,
  });
}

async function bind(token: string, c: TestCert, lang?: string) {
  const ch = await call(t.p.app, 'POST', '/cert/challenge', { token, json: { purpose: 'bind' } });
  expect(ch.status).toBe(200);
  const challenge = (ch.body.data as { challenge: string }).challenge;
  return call(t.p.app, 'POST', '/cert/bind', { token, json: await proofOf(c, challenge), lang });
}

describe('challenge', () => {
  it('is 256 random bits in base64 (44 characters), valid 5 minutes, different each time', async () => {
    const a = await call(t.p.app, 'POST', '/cert/challenge', { json: {} });
    const b = await call(t.p.app, 'POST', '/cert/challenge', { json: {} });
    const da = a.body.data as { challenge: string; expires_in: number };
    expect(da.challenge).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(da.challenge, 'base64')).toHaveLength(32);
    expect(da.expires_in).toBe(300);
    expect((b.body.data as { challenge: string }).challenge).not.toBe(da.challenge);
  });

  it('needs a session for a bind challenge', async () => {
    const r = await call(t.p.app, 'POST', '/cert/challenge', { json: { purpose: 'bind' } });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
  });

  it('refuses an unknown purpose with the envelope', async () => {
    const r = await call(t.p.app, 'POST', '/cert/challenge', { json: { purpose: 'sign-anything' }, lang: 'en-US' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'VALIDATION', code: 400 });
  });
});

describe('bind, sign in, unbind', () => {
  let rsa: TestCert;
  beforeAll(() => {
    rsa = certs.make('rsa', -1, 90);
  });

  it('binds a certificate to the signed-in user after proving possession of the key', async () => {
    const r = await bind(t.token('doctor'), rsa);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('证书绑定成功');
    const b = r.body.data as CertBinding;
    expect(b).toMatchObject({ subject: expect.stringMatching(/^CN=Test Doctor/), days_left: 90, warning: '' });
    const info = await call(t.p.app, 'POST', '/user/info', { token: t.token('doctor') });
    expect((info.body.data as { user: { usb_key: string } }).user.usb_key).toBe(b.usb_key);
  });

  it('signs in with the bound certificate and answers the password sign-in’s result', async () => {
    const r = await certLogin(rsa);
    expect(r.status).toBe(200);
    const res = r.body as unknown as CertLoginResult & { success: boolean; msg: string; data: CertLoginResult };
    expect(res).toMatchObject({ success: true, msg: '登录成功', cert_days_left: 90, cert_expire_warning: '' });
    expect(res.user.username).toBe('doctor');
    expect(res).toHaveProperty('password_expire');
    expect(res).toHaveProperty('update_password_time');
    expect(res.data.token).toBe(res.token);
    const info = await call(t.p.app, 'POST', '/user/info', { token: res.token });
    expect((info.body.data as { user: { username: string } }).user.username).toBe('doctor');
    const [row] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'login'))
      .orderBy(auditLog.pk)
      .limit(1)
      .offset(2);
    expect(row?.detail).toEqual({ method: 'cert' });
  });

  it('refuses the certificate to a second user, and binds again for its owner', async () => {
    const r = await bind(t.token('auditor'), rsa, 'en-US');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      success: false,
      error: 'CERT_BOUND_OTHER',
      msg: 'This certificate is already bound to another user',
    });
    expect((await bind(t.token('doctor'), rsa)).status).toBe(200);
  });

  it('binding another certificate replaces the first', async () => {
    const ec = certs.make('ec', -1, 120);
    expect((await bind(t.token('doctor'), ec)).status).toBe(200);
    expect((await certLogin(rsa)).body.error).toBe('CERT_NOT_BOUND');
    expect((await certLogin(ec)).status).toBe(200);
    expect((await bind(t.token('doctor'), rsa)).status).toBe(200);
  });

  it('unbinds: the certificate no longer signs in, and a second unbind says nothing is bound', async () => {
    const r = await call(t.p.app, 'POST', '/cert/unbind', { token: t.token('doctor') });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('证书已解除绑定');
    const again = await certLogin(rsa);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ success: false, error: 'CERT_NOT_BOUND' });
    const twice = await call(t.p.app, 'POST', '/cert/unbind', { token: t.token('doctor'), lang: 'en-US' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'CERT_NOT_BOUND', msg: 'No certificate is bound to your account' });
    expect((await call(t.p.app, 'POST', '/cert/unbind', {})).status).toBe(401);
  });
});

describe('refusals', () => {
  let key: TestCert;
  beforeAll(async () => {
    key = certs.make('ec', -1, 90);
    const token = await loginAs(t.p.app, 'doctor2', 'Doctor@123');
    expect((await bind(token, key)).status).toBe(200);
  });

  it('refuses a replayed challenge', async () => {
    const { challenge, cookie } = await loginChallenge();
    const first = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, challenge),
      headers: { cookie },
    });
    expect(first.status).toBe(200);
    const replay = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, challenge),
      headers: { cookie },
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ success: false, error: 'CHALLENGE_INVALID' });
  });

  it('refuses a challenge after 5 minutes (by the clock), and accepts it just before', async () => {
    const start = new Date();
    setClock(start);
    const late = await loginChallenge();
    const inTime = await loginChallenge(late.cookie);
    setClock(new Date(start.getTime() + 5 * 60_000 - 1000));
    const ok = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, inTime.challenge),
      headers: { cookie: inTime.cookie },
    });
    expect(ok.status).toBe(200);
    setClock(new Date(start.getTime() + 5 * 60_000));
    const r = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, late.challenge),
      headers: { cookie: late.cookie },
      lang: 'en-US',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'CHALLENGE_INVALID', msg: expect.stringMatching(/no longer valid/) });
  });

  it('refuses a challenge issued to another caller, or presented without the caller cookie', async () => {
    const mine = await loginChallenge();
    const theirs = await loginChallenge();
    expect(theirs.cookie).not.toBe(mine.cookie);
    const foreign = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, mine.challenge),
      headers: { cookie: theirs.cookie },
    });
    expect(foreign.body.error).toBe('CHALLENGE_INVALID');
    const none = await call(t.p.app, 'POST', '/cert/login', { json: await proofOf(key, mine.challenge) });
    expect(none.body.error).toBe('CHALLENGE_INVALID');
    // The owner can still use it: a stranger cannot burn someone else's challenge.
    const own = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, mine.challenge),
      headers: { cookie: mine.cookie },
    });
    expect(own.status).toBe(200);
  });

  it('refuses an unknown challenge and a bind challenge used to sign in', async () => {
    const { cookie } = await loginChallenge();
    const unknown = randomBytes(32).toString('base64');
    const r = await call(t.p.app, 'POST', '/cert/login', { json: await proofOf(key, unknown), headers: { cookie } });
    expect(r.body.error).toBe('CHALLENGE_INVALID');
    const token = await loginAs(t.p.app, 'doctor2', 'Doctor@123');
    const ch = await call(t.p.app, 'POST', '/cert/challenge', { token, json: { purpose: 'bind' } });
    const bindChallenge = (ch.body.data as { challenge: string }).challenge;
    const cross = await call(t.p.app, 'POST', '/cert/login', {
      json: await proofOf(key, bindChallenge),
      headers: { cookie },
    });
    expect(cross.body.error).toBe('CHALLENGE_INVALID');
  });

  it('refuses a signature over another origin, and a signature by another key', async () => {
    const wrongOrigin = await certLogin(key, { origin: 'http://evil.example' });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body).toMatchObject({ success: false, error: 'SIGNATURE_INVALID', msg: '证书签名校验失败' });
    const other = certs.make('ec', -1, 90);
    const { challenge, cookie } = await loginChallenge();
    const forged = { ...(await proofOf(other, challenge)), certificate: key.der };
    const r = await call(t.p.app, 'POST', '/cert/login', { json: forged, headers: { cookie } });
    expect(r.body.error).toBe('SIGNATURE_INVALID');
  });

  it('refuses a certificate bound to nobody', async () => {
    const stranger = certs.make('rsa', -1, 90);
    const r = await certLogin(stranger, { lang: 'en-US' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: 'CERT_NOT_BOUND', code: 403 });
    expect(r.body.msg).toMatch(/not bound to any user/);
  });

  it('refuses bad input with the envelope and never a 500', async () => {
    const { challenge, cookie } = await loginChallenge();
    const cases: unknown[] = [
      {},
      { ...(await proofOf(key, challenge)), algorithm: 'HS256' },
      { ...(await proofOf(key, challenge)), challenge: 'short' },
      { ...(await proofOf(key, challenge)), signature: '***' },
    ];
    for (const json of cases) {
      const r = await call(t.p.app, 'POST', '/cert/login', { json, headers: { cookie } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: 'VALIDATION' });
    }
    const garbage = { ...(await proofOf(key, challenge)), certificate: Buffer.from('nope').toString('base64') };
    const r = await call(t.p.app, 'POST', '/cert/login', { json: garbage, headers: { cookie } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'CERT_INVALID' });
  });
});

describe('validity', () => {
  let user: string;
  let key: TestCert;
  beforeAll(async () => {
    user = await loginAs(t.p.app, 'register', 'Register@123');
    key = certs.make('rsa', -1, 90);
    expect((await bind(user, key)).status).toBe(200);
  });
  const daysBeforeEnd = (days: number, extraMs = 0) =>
    setClock(new Date(key.notAfter.getTime() - days * DAY - extraMs));

  it('signs in without a warning beyond 60 days', async () => {
    daysBeforeEnd(60, 1000);
    const r = await certLogin(key);
    expect(r.body).toMatchObject({ success: true, cert_days_left: 61, cert_expire_warning: '' });
  });

  it('signs in with a warning at exactly 60 days left, and at 30', async () => {
    daysBeforeEnd(60);
    const at60 = await certLogin(key, { lang: 'en-US' });
    expect(at60.body).toMatchObject({
      success: true,
      cert_days_left: 60,
      cert_expire_warning: 'The certificate expires in 60 days; renew it soon',
    });
    daysBeforeEnd(30);
    const at30 = await certLogin(key);
    expect(at30.body).toMatchObject({
      success: true,
      cert_days_left: 30,
      cert_expire_warning: expect.stringContaining('30'),
    });
  });

  it('refuses an expired certificate and one not valid yet', async () => {
    setClock(new Date(key.notAfter.getTime() + 1000));
    const expired = await certLogin(key);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ success: false, error: 'CERT_EXPIRED' });
    setClock(new Date(key.notBefore.getTime() - 1000));
    expect((await certLogin(key)).body.error).toBe('CERT_NOT_YET_VALID');
  });

  it('binds a certificate near its end with a warning, and refuses to bind an expired one', async () => {
    const short = certs.make('ec', -1, 30);
    const r = await bind(t.token('auditor'), short);
    expect(r.status).toBe(200);
    expect((r.body.data as CertBinding).days_left).toBe(30);
    expect((r.body.data as CertBinding).warning).toContain('30');
    const old = certs.make('rsa', -400, -35);
    const refused = await bind(t.token('auditor'), old, 'en-US');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'CERT_EXPIRED',
      msg: expect.stringMatching(/expired on \d{4}-\d\d-\d\d/),
    });
  });
});

describe('the password sign-in’s rules apply', () => {
  let key: TestCert;
  let pk: number;
  beforeAll(async () => {
    key = certs.make('ec', -1, 90);
    const token = await loginAs(t.p.app, 'nomenu', 'Nomenu@123').catch(() => '');
    // nomenu cannot sign in with a password either; bind its certificate directly.
    expect(token).toBe('');
    const [row] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'nomenu'));
    pk = row!.pk;
    await t.p.deps.db
      .update(sysUser)
      .set({ usb_key: parseCertificate(key.der).fingerprint })
      .where(eq(sysUser.pk, pk));
  });

  it('refuses a user without any menu', async () => {
    const r = await certLogin(key);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('NO_MENU');
  });

  it('refuses a disabled account and a locked one', async () => {
    const { db } = t.p.deps;
    const auditorKey = certs.make('rsa', -1, 90);
    const token = await loginAs(t.p.app, 'auditor', 'Audit@123');
    expect((await bind(token, auditorKey)).status).toBe(200);
    const [a] = await db.select().from(sysUser).where(eq(sysUser.username, 'auditor'));
    await db.update(sysUser).set({ status: 0 }).where(eq(sysUser.pk, a!.pk));
    expect((await certLogin(auditorKey)).body.error).toBe('ACCOUNT_DISABLED');
    await db
      .update(sysUser)
      .set({ status: 1, locked_until: new Date(Date.now() + 10 * 60_000) })
      .where(eq(sysUser.pk, a!.pk));
    expect((await certLogin(auditorKey)).body.error).toBe('ACCOUNT_LOCKED');
    await db.update(sysUser).set({ locked_until: null }).where(eq(sysUser.pk, a!.pk));
    expect((await certLogin(auditorKey)).status).toBe(200);
  });
});

describe('the public origin', () => {
  it('is read from PUBLIC_ORIGIN as scheme, host and port', () => {
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://pacs.example.org/rxpacs/' }).PUBLIC_ORIGIN).toBe(
      'https://pacs.example.org',
    );
    expect(() => loadEnv({ PUBLIC_ORIGIN: 'ftp://pacs.example.org' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('when set, is the origin a signature must cover (not the address the request reached)', async () => {
    const key = certs.make('rsa', -1, 90);
    const token = await loginAs(t.p.app, 'admin', 'Admin@123');
    expect((await bind(token, key)).status).toBe(200);
    t.p.deps.env.PUBLIC_ORIGIN = 'https://pacs.example.org';
    try {
      const r = await call(t.p.app, 'POST', '/cert/challenge', { json: {} });
      expect(r.headers.get('set-cookie')).toMatch(/; Secure/);
      const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
      const { challenge } = r.body.data as { challenge: string };
      const local = await call(t.p.app, 'POST', '/cert/login', {
        json: await proofOf(key, challenge),
        headers: { cookie },
      });
      expect(local.body.error).toBe('SIGNATURE_INVALID');
      const again = await loginChallenge(cookie);
      const pub = await call(t.p.app, 'POST', '/cert/login', {
        json: await proofOf(key, again.challenge, 'https://pacs.example.org'),
        headers: { cookie },
      });
      expect(pub.status).toBe(200);
    } finally {
      t.p.deps.env.PUBLIC_ORIGIN = undefined;
    }
  });
});
