import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WechatAccountView } from '@shared/schemas/wechat-account';
import { auditLog, sysConfig, sysUser, wechatAccount } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { startWechatPlatform, type FakeWechat } from '../../../../tests/fixtures/wechat-platform';
import { getAccessToken } from './access-token';
import { loadAccount } from './account';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'doctor2'] });
const WEB = { appid: 'wxweb0000000001', secret: 'web-secret-0123456789abcdef' };
const MP = { appid: 'wxmp00000000001', secret: 'mp-secret-0123456789abcdef' };
let fake: FakeWechat;

beforeAll(async () => {
  fake = await startWechatPlatform({ apps: { [WEB.appid]: WEB.secret, [MP.appid]: MP.secret } });
  const env = t.p.deps.env as { WECHAT_API_BASE: string; WECHAT_OPEN_BASE: string };
  env.WECHAT_API_BASE = fake.origin;
  env.WECHAT_OPEN_BASE = fake.origin;
  return () => fake.close();
});

const req = (who: DemoUser | null, method: string, path: string, json?: unknown, cookie?: string) =>
  call(t.p.app, method, path, {
    ...(who ? { token: t.token(who) } : {}),
    lang: 'en-US',
    ...(json === undefined ? {} : { json }),
    ...(cookie ? { headers: { cookie } } : {}),
  });
const cookieOf = (h: Headers) => (h.get('set-cookie') ?? '').split(';')[0] ?? '';
const save = (who: DemoUser, body: Record<string, unknown>) => req(who, 'POST', '/wechat/account/save', body);

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

/** Starts a flow as `who` (null: the login page), scans it with `openid`; answers the callback address and cookie. */
async function scanned(type: 'login' | 'bind', openid: string, who: DemoUser | null = null) {
  const start = await req(who, 'GET', `/authorize/login?type=${type}`);
  expect(start.status, start.text).toBe(200);
  const cookie = cookieOf(start.headers);
  expect(cookie).toMatch(/^rx_wx_browser=/);
  const callback = new URL(await fake.scanUrl((start.body.data as { url: string }).url, openid));
  return { callback: callback.pathname + callback.search, cookie, state: callback.searchParams.get('state')! };
}
const landing = (r: { status: number; text: string }) => {
  expect(r.status).toBe(200);
  const loc = (/href="([^"]*)"/.exec(r.text)?.[1] ?? '').replace(/&amp;/g, '&');
  expect(loc.startsWith('/rxpacs/#/wechat?')).toBe(true);
  return new URLSearchParams(loc.split('?')[1]);
};

describe('account settings (/WeChatManage)', () => {
  it('a hospital administrator saves its public account; the secret is sealed, never answered or logged', async () => {
    let r: Awaited<ReturnType<typeof save>> | undefined;
    const logs = await logsDuring(async () => {
      r = await save('hadmin', {
        kind: 'mp',
        hospital_code: 'H001',
        app_id: MP.appid,
        app_secret: MP.secret,
        token: 'pushToken123',
        callback_url: 'https://pacs.example/wxapi/event/H001',
      });
    });
    expect(r!.status, r!.text).toBe(200);
    const view = r!.body.data as WechatAccountView;
    expect(view).toMatchObject({
      app_id: MP.appid,
      app_secret_set: true,
      token_set: true,
      encoding_aes_key_set: false,
    });
    expect(view.app_secret_mask).toMatch(/^\*+cdef$/);
    expect(r!.text).not.toContain(MP.secret);
    expect(r!.text).not.toContain('pushToken123');
    expect(logs).not.toContain(MP.secret);
    const [row] = await t.p.deps.db.select().from(wechatAccount).where(eq(wechatAccount.app_id, MP.appid));
    expect(row!.app_secret_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(MP.secret);
    const got = await req('hadmin', 'GET', '/wechat/account?kind=mp&hospital_code=H001');
    expect(got.text).not.toContain(MP.secret);
    expect((got.body.data as WechatAccountView).app_id).toBe(MP.appid);
    const [a] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'wechat_account_save'))
      .orderBy(desc(auditLog.pk));
    expect(JSON.stringify(a)).not.toContain(MP.secret);
  });

  it('saving without a secret keeps the stored one', async () => {
    const r = await save('hadmin', { kind: 'mp', hospital_code: 'H001', app_id: MP.appid, app_secret: '' });
    expect(r.status, r.text).toBe(200);
    expect((await loadAccount(t.p.deps, 'mp', 'H001')).app_secret).toBe(MP.secret);
  });

  it('scope: another hospital, the QR sign-in app and users without sys:wechat are refused; bad input is 400', async () => {
    const other = await save('hadmin', { kind: 'mp', hospital_code: 'H002', app_id: 'x1', app_secret: 's' });
    expect(other.status).toBe(403);
    expect((await req('hadmin', 'GET', '/wechat/account?kind=mp&hospital_code=H002')).status).toBe(403);
    expect((await save('hadmin', { kind: 'web', app_id: 'x1', app_secret: 's' })).status).toBe(403);
    expect((await save('doctor', { kind: 'mp', hospital_code: 'H001', app_id: 'x1', app_secret: 's' })).status).toBe(
      403,
    );
    for (const body of [
      { kind: 'mp', hospital_code: 'H001', app_id: 'bad id!', app_secret: 's' },
      { kind: 'mp', hospital_code: 'H001', app_id: 'x', token: 'a b' },
      { kind: 'mp', hospital_code: 'H001', app_id: 'x', encoding_aes_key: 'short' },
      { kind: 'mp', hospital_code: 'NOPE', app_id: 'x', app_secret: 's' },
      { kind: 'other', app_id: 'x' },
      { kind: 'web', app_id: 'wxnew' },
      [],
    ]) {
      const r = await save('admin', body as Record<string, unknown>);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('the access token is fetched once and cached sealed; a wrong secret answers the errcode', async () => {
    const before = fake.callsTo('/cgi-bin/token').length;
    const account = await loadAccount(t.p.deps, 'mp', 'H001');
    const a = await getAccessToken(t.p.deps, account);
    const b = await getAccessToken(t.p.deps, account);
    expect(a).toBe(b);
    expect(fake.callsTo('/cgi-bin/token').length).toBe(before + 1);
    expect(fake.callsTo('/cgi-bin/token').at(-1)!.query.secret).toBe('***');
    await expect(getAccessToken(t.p.deps, { ...account, pk: -1, app_secret: 'wrong' })).rejects.toMatchObject({
      error: 'WECHAT_PLATFORM',
      errcode: 40125,
    });
  });
});

describe('QR sign-in and binding', () => {
  it('is not offered until the flag is on and the QR sign-in app is saved', async () => {
    expect((await req(null, 'GET', '/tool/getWeiXinLogin')).body.data).toBe(false);
    expect((await req(null, 'GET', '/authorize/login?type=login')).body.error).toBe('WECHAT_LOGIN_OFF');
    const r = await save('admin', { kind: 'web', app_id: WEB.appid, app_secret: WEB.secret });
    expect(r.status, r.text).toBe(200);
    await t.p.deps.db.update(sysConfig).set({ value: 'Y' }).where(eq(sysConfig.name, 'weixin_login'));
    const on = await req(null, 'GET', '/tool/getWeiXinLogin');
    if (on.body.data !== true) {
      // The entry may not exist on this database yet: the default applies until an administrator saves it.
      await t.p.deps.db.insert(sysConfig).values({ name: 'weixin_login', value: 'Y' });
    }
    expect((await req(null, 'GET', '/tool/getWeiXinLogin')).body.data).toBe(true);
  });

  it('an unbound open id is refused with a clear message', async () => {
    const s = await scanned('login', 'oStranger');
    const q = landing(await req(null, 'GET', s.callback, undefined, s.cookie));
    expect(q.get('type')).toBe('login');
    expect(q.get('open_id')).toBe('oStranger');
    expect(q.get('user_id')).toBe('');
    const r = await req(null, 'POST', '/authorize/finish', undefined, s.cookie);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('WECHAT_NOT_BOUND');
    expect(r.body.msg).toMatch(/not bound/);
  });

  it('bind links the signed-in user; the bound open id then signs in (session, audit); unbind clears it', async () => {
    const b = await scanned('bind', 'oDoctor', 'doctor');
    const q = landing(await req(null, 'GET', b.callback, undefined, b.cookie));
    expect(q.get('type')).toBe('bind');
    expect(q.toString()).not.toMatch(/token|code=/);
    const fin = await req(null, 'POST', '/authorize/finish', undefined, b.cookie);
    expect(fin.status, fin.text).toBe(200);
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'doctor'));
    expect(u!.openid).toBe('oDoctor');
    expect((await req('doctor', 'GET', '/wechat/binding')).body.data).toEqual({
      bound: true,
      open_id_mask: 'oDoc****ctor',
    });

    const s = await scanned('login', 'oDoctor');
    const landed = landing(await req(null, 'GET', s.callback, undefined, s.cookie));
    expect(landed.get('user_id')).toBe(u!.uuid);
    expect(landed.get('head_photo')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/head\//);
    const login = await req(null, 'POST', '/authorize/finish', undefined, s.cookie);
    expect(login.status, login.text).toBe(200);
    const token = (login.body.data as { login: { token: string } }).login.token;
    const info = await call(t.p.app, 'POST', '/user/info', { token });
    expect(info.status, info.text).toBe(200);
    const [a] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.user_pk, u!.pk)))
      .orderBy(desc(auditLog.pk));
    expect(a!.detail).toEqual({ method: 'wechat' });

    // Another user cannot take the same open id.
    const other = await scanned('bind', 'oDoctor', 'doctor2');
    landing(await req(null, 'GET', other.callback, undefined, other.cookie));
    expect((await req(null, 'POST', '/authorize/finish', undefined, other.cookie)).body.error).toBe(
      'WECHAT_BOUND_OTHER',
    );

    expect((await req('doctor', 'POST', '/wechat/unbind')).status).toBe(200);
    expect((await req('doctor', 'POST', '/wechat/unbind')).status).toBe(400);
    const again = await scanned('login', 'oDoctor');
    landing(await req(null, 'GET', again.callback, undefined, again.cookie));
    expect((await req(null, 'POST', '/authorize/finish', undefined, again.cookie)).body.error).toBe('WECHAT_NOT_BOUND');
  });

  it('bind needs a session', async () => {
    expect((await req(null, 'GET', '/authorize/login?type=bind')).status).toBe(401);
    expect((await req(null, 'GET', '/authorize/login?type=other')).status).toBe(400);
  });

  it('a state is refused when replayed, from another browser, tampered with, or expired', async () => {
    const s = await scanned('login', 'oReplay');
    // Another browser (its own cookie) cannot use this state.
    const elsewhere = await req(null, 'GET', '/authorize/login?type=login');
    expect(landing(await req(null, 'GET', s.callback, undefined, cookieOf(elsewhere.headers))).get('error')).toBe(
      'WECHAT_STATE',
    );
    expect(landing(await req(null, 'GET', s.callback)).get('error')).toBe('WECHAT_STATE');
    const tampered = s.callback.replace(`state=${s.state}`, 'state=forged');
    expect(landing(await req(null, 'GET', tampered, undefined, s.cookie)).get('error')).toBe('WECHAT_STATE');
    // Its own browser: once, then a replay is refused.
    expect(landing(await req(null, 'GET', s.callback, undefined, s.cookie)).get('open_id')).toBe('oReplay');
    expect(landing(await req(null, 'GET', s.callback, undefined, s.cookie)).get('error')).toBe('WECHAT_STATE');
    expect((await req(null, 'POST', '/authorize/finish', undefined, s.cookie)).body.error).toBe('WECHAT_NOT_BOUND');
    expect((await req(null, 'POST', '/authorize/finish', undefined, s.cookie)).body.error).toBe('WECHAT_STATE');
    expect((await req(null, 'POST', '/authorize/finish')).body.error).toBe('WECHAT_STATE');

    const late = await scanned('login', 'oLate');
    t.p.deps.now = () => new Date(Date.now() + 6 * 60_000);
    try {
      expect(landing(await req(null, 'GET', late.callback, undefined, late.cookie)).get('error')).toBe('WECHAT_STATE');
    } finally {
      t.p.deps.now = undefined;
    }
  });
});
