import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppCredentials } from '@shared/schemas/apps';
import { oauthCode, oauthToken, session, sysUser } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { call } from '../../../../tests/support/api-client';
import { DEMO_PASSWORDS } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'doctor2'] });
const REDIRECT = 'https://his.example.org/oauth/callback';
let his: AppCredentials;
let other: AppCredentials;

beforeAll(async () => {
  const save = async (app_name: string, redirect_uris: string[]) => {
    const r = await call(t.p.app, 'POST', '/app/save', {
      token: t.token('admin'),
      json: { app_name, redirect_uris },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.data as AppCredentials;
  };
  his = await save('HIS', [REDIRECT, 'http://127.0.0.1:9000/cb']);
  other = await save('Other app', ['https://other.example.org/cb']);
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function ssoLogin(over: Record<string, unknown> = {}, lang = 'en-US') {
  const p = pkce();
  const json = {
    username: 'doctor',
    password: DEMO_PASSWORDS.doctor,
    logon_type: 'PC',
    client_id: his.client_id,
    redirectUri: REDIRECT,
    state: 'st-42 /?&=',
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    ...over,
  };
  const r = await call(t.p.app, 'POST', '/sso/login', { json, lang });
  return { ...r, verifier: p.verifier, code: r.body.auth_code as string };
}

/** Failed client authentications count per address: each test that makes some uses its own address. */
const tokenCall = (form: Record<string, string>, headers: Record<string, string> = {}, ip?: string) =>
  call(t.p.app, 'POST', '/oauth/token', { form, headers, ...(ip ? { ip } : {}) });

const exchange = (code: string, verifier: string, over: Record<string, string> = {}, ip?: string) =>
  tokenCall(
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: his.client_id,
      client_secret: his.client_secret,
      ...over,
    },
    {},
    ip,
  );

const asToken = (token: string, path: string, json: unknown = {}) => call(t.p.app, 'POST', path, { token, json });

describe('POST /sso/login', () => {
  it('signs in like /user/login and answers a code and the state unchanged', async () => {
    const r = await ssoLogin();
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ success: true, auth_state: 'st-42 /?&=' });
    expect(r.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof r.body.token).toBe('string');
    expect((r.body.data as { auth_code: string }).auth_code).toBe(r.code);
    const [row] = await t.p.deps.db
      .select()
      .from(oauthCode)
      .where(eq(oauthCode.code_hash, sha256Hex(r.code)));
    expect(row).toMatchObject({ redirect_uri: REDIRECT, used_at: null });
    const ttl = row!.expires_at.getTime() - row!.created_at.getTime();
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it.each([
    ['a prefix of the registered URI', 'https://his.example.org/oauth/'],
    ['the registered URI with a suffix', `${REDIRECT}/evil`],
    ['the registered URI with a query', `${REDIRECT}?next=https://evil.example`],
    ['a trailing slash', `${REDIRECT}/`],
    ['another case', REDIRECT.toUpperCase()],
    ['another host', 'https://evil.example.org/oauth/callback'],
    ['another app’s URI', 'https://other.example.org/cb'],
    ['another port on loopback', 'http://127.0.0.1:9001/cb'],
  ])('refuses %s as redirectUri (400 OAUTH_REDIRECT), before checking the password', async (_w, redirectUri) => {
    const r = await ssoLogin({ redirectUri, password: 'wrong' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'OAUTH_REDIRECT' });
  });

  it('refuses an unknown client, and a missing or plain PKCE challenge', async () => {
    expect((await ssoLogin({ client_id: 'rx_nobody' })).body.error).toBe('OAUTH_CLIENT');
    const noPkce = await ssoLogin({ code_challenge: undefined });
    expect(noPkce.status).toBe(400);
    expect((noPkce.body.errors as { field: string }[])[0]!.field).toBe('code_challenge');
    const plain = await ssoLogin({ code_challenge_method: 'plain' });
    expect(plain.status).toBe(400);
    expect((plain.body.errors as { field: string }[])[0]!.field).toBe('code_challenge_method');
  });

  it('a wrong password is the normal sign-in failure (401, counted, then captcha), no code', async () => {
    const before = await t.p.deps.db.$count(oauthCode);
    const r = await ssoLogin({ username: 'doctor2', password: 'Wrong@1234' });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: 'BAD_CREDENTIALS' });
    expect(await t.p.deps.db.$count(oauthCode)).toBe(before);
    await ssoLogin({ username: 'doctor2', password: 'Wrong@1234' });
    await ssoLogin({ username: 'doctor2', password: 'Wrong@1234' });
    // The sign-in's own throttle and captcha rule answer the next try, even with the right password.
    const next = await ssoLogin({ username: 'doctor2', password: DEMO_PASSWORDS.doctor2 });
    expect(['TOO_MANY_ATTEMPTS', 'CAPTCHA_REQUIRED']).toContain(next.body.error);
  });

  it('a password that must be changed gets no code (403) and its session is ended', async () => {
    await t.p.deps.db.update(sysUser).set({ must_change_password: 1 }).where(eq(sysUser.username, 'auditor'));
    try {
      const r = await ssoLogin({ username: 'auditor', password: DEMO_PASSWORDS.auditor });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('PASSWORD_CHANGE_REQUIRED');
      const live = await t.p.deps.db.execute(
        sql`select count(*)::int as n from ${session} s join ${sysUser} u on u.pk = s.user_pk
            where u.username = 'auditor' and s.revoked_at is null`,
      );
      expect((live as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await t.p.deps.db.update(sysUser).set({ must_change_password: 0 }).where(eq(sysUser.username, 'auditor'));
    }
  });
});

describe('POST /oauth/token', () => {
  it('exchanges a code for a Bearer token (client_secret_post), no-store', async () => {
    const { code, verifier } = await ssoLogin();
    const r = await exchange(code, verifier);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'pacs.read' });
    expect(r.body.access_token).toMatch(/^rxat_/);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('takes client_secret_basic too; a wrong Basic secret is 401 invalid_client with WWW-Authenticate', async () => {
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const a = await ssoLogin();
    const form = { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.verifier };
    const wrong = await tokenCall(form, { authorization: basic(his.client_id, 'x'.repeat(43)) }, '10.0.0.1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const good = await tokenCall(form, { authorization: basic(his.client_id, his.client_secret) });
    expect(good.status, good.text).toBe(200);
  });

  it('refuses a wrong secret, an unknown client, no client authentication (401 invalid_client)', async () => {
    const { code, verifier } = await ssoLogin();
    const refusals: Record<string, string>[] = [
      // the last character changed, never to itself (a secret ending in "A" made this test pass the right one)
      { client_secret: `${his.client_secret.slice(0, -1)}${his.client_secret.endsWith('A') ? 'B' : 'A'}` },
      { client_secret: other.client_secret },
      { client_id: 'rx_unknown' },
    ];
    for (const over of refusals) {
      const r = await exchange(code, verifier, over, '10.0.0.2');
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: 'invalid_client', success: false, code: 401 });
    }
    const none = await tokenCall(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
      {},
      '10.0.0.2',
    );
    expect(none.status).toBe(401);
    expect((await exchange(code, verifier)).status).toBe(200); // the refusals did not use it up
  });

  it('refuses a code of another client, a different redirect_uri, a PKCE mismatch (400 invalid_grant)', async () => {
    const { code, verifier } = await ssoLogin();
    const otherClient = await exchange(code, verifier, {
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.error).toBe('invalid_grant');
    const redirect = await exchange(code, verifier, { redirect_uri: 'http://127.0.0.1:9000/cb' });
    expect(redirect.status).toBe(400);
    expect(redirect.body.error).toBe('invalid_grant');
    const second = await ssoLogin();
    const mismatch = await exchange(second.code, pkce().verifier);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('code_verifier'),
    });
  });

  it("a failed try with the code's own client uses the code up: the right verifier afterwards gets no token", async () => {
    for (const wrong of [
      (c: { code: string }) => exchange(c.code, pkce().verifier),
      (c: { code: string; verifier: string }) =>
        exchange(c.code, c.verifier, { redirect_uri: 'http://127.0.0.1:9000/cb' }),
    ]) {
      const a = await ssoLogin();
      expect((await wrong(a)).status).toBe(400);
      const late = await exchange(a.code, a.verifier);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('already used'),
      });
    }
    // Another client's try does not: it cannot spend codes it was never given.
    const b = await ssoLogin();
    await exchange(b.code, b.verifier, { client_id: other.client_id, client_secret: other.client_secret });
    expect((await exchange(b.code, b.verifier)).status).toBe(200);
  });

  it('counts wrong secrets per client and address like failed passwords: then 429 even with the right one', async () => {
    const { code, verifier } = await ssoLogin();
    const ip = '10.0.0.9';
    for (let i = 0; i < 3; i++) {
      expect((await exchange(code, verifier, { client_secret: 'wrong' }, ip)).status).toBe(401);
    }
    const blocked = await exchange(code, verifier, {}, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('TOO_MANY_ATTEMPTS');
    expect((await exchange(code, verifier, {}, '10.0.0.10')).status).toBe(200); // another address is not slowed
  });

  it('refuses an expired code (60 s)', async () => {
    const { code, verifier } = await ssoLogin();
    await t.p.deps.db
      .update(oauthCode)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oauthCode.code_hash, sha256Hex(code)));
    const r = await exchange(code, verifier);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid_grant', error_description: 'code: expired' });
  });

  it('a replayed code fails and revokes the token issued from it', async () => {
    const { code, verifier } = await ssoLogin();
    const first = await exchange(code, verifier);
    const token = first.body.access_token as string;
    expect((await asToken(token, '/user/info')).status).toBe(200);
    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await asToken(token, '/user/info')).status).toBe(401);
    const [row] = await t.p.deps.db
      .select()
      .from(oauthToken)
      .where(eq(oauthToken.token_hash, sha256Hex(token)));
    expect(row!.revoked_at).not.toBeNull();
  });

  it('answers unsupported_grant_type and invalid_request naming the field', async () => {
    const g = await tokenCall({ grant_type: 'password', client_id: his.client_id, client_secret: his.client_secret });
    expect(g.body).toMatchObject({ error: 'unsupported_grant_type', success: false });
    const missing = await tokenCall({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT });
    expect(missing.body).toMatchObject({ error: 'invalid_request', error_description: 'code_verifier: required' });
    const extra = await tokenCall({ grant_type: 'authorization_code', nonsense: '1' });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toBe('invalid_request');
    const short = await exchange('x', 'too-short');
    expect(short.body.error).toBe('invalid_request');
  });
});

describe('access tokens', () => {
  async function tokenFor(username: 'doctor' | 'doctor2' = 'doctor') {
    const a = await ssoLogin({ username, password: DEMO_PASSWORDS[username] });
    expect(a.status, a.text).toBe(200);
    const r = await exchange(a.code, a.verifier);
    return r.body.access_token as string;
  }

  it("acts as the user on the allowlist, in the user's hospital only; other routes are 403 OAUTH_SCOPE", async () => {
    const token = await tokenFor('doctor');
    const info = await asToken(token, '/user/info');
    expect((info.body.data as { user: { username: string } }).user.username).toBe('doctor');
    const list = await asToken(token, '/api/order/OrderList', { pageSize: 50 });
    expect(list.status, list.text).toBe(200);
    const rows = (list.body.data as { list: { hospital_code?: string }[] }).list;
    expect(rows.length).toBeGreaterThan(0);
    expect(list.text).not.toContain('"H002"');
    for (const path of ['/report/save', '/user/logout', '/collection/add', '/app/save', '/pacsAuth/getAuthToken']) {
      const r = await asToken(token, path, {});
      expect(r.status, path).toBe(403);
      expect(r.body.error, path).toBe('OAUTH_SCOPE');
    }
  });

  it('expires, and ends with a disabled user', async () => {
    const token = await tokenFor('doctor');
    await t.p.deps.db
      .update(oauthToken)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oauthToken.token_hash, sha256Hex(token)));
    expect((await asToken(token, '/user/info')).status).toBe(401);
  });

  it('POST /oauth/revoke ends the token; another app cannot revoke it; unknown tokens answer 200', async () => {
    const token = await tokenFor('doctor');
    const revoke = (creds: AppCredentials, tok = token) =>
      call(t.p.app, 'POST', '/oauth/revoke', {
        form: { token: tok, client_id: creds.client_id, client_secret: creds.client_secret },
      });
    expect((await revoke(other)).status).toBe(200);
    expect((await asToken(token, '/user/info')).status).toBe(200);
    expect((await revoke(his, 'rxat_unknown')).status).toBe(200);
    const r = await revoke(his);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect((await asToken(token, '/user/info')).status).toBe(401);
    const bad = await call(t.p.app, 'POST', '/oauth/revoke', {
      form: { token, client_id: his.client_id, client_secret: 'wrong' },
    });
    expect(bad.status).toBe(401);
  });
});

describe('/pacsAuth/getAuthToken and /sso/checkApp', () => {
  it('a signed-in user gets a code from the session (same client checks); the code redeems', async () => {
    const p = pkce();
    const body = {
      client_id: his.client_id,
      redirectUri: REDIRECT,
      state: 's1',
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
    };
    const r = await call(t.p.app, 'POST', '/pacsAuth/getAuthToken', { token: t.token('doctor2'), json: body });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, auth_state: 's1' });
    const ex = await exchange(r.body.auth_code as string, p.verifier);
    expect(ex.status).toBe(200);
    const info = await asToken(ex.body.access_token as string, '/user/info');
    expect((info.body.data as { user: { username: string } }).user.username).toBe('doctor2');
    const bad = await call(t.p.app, 'POST', '/pacsAuth/getAuthToken', {
      token: t.token('doctor2'),
      json: { ...body, redirectUri: `${REDIRECT}x` },
    });
    expect(bad.body.error).toBe('OAUTH_REDIRECT');
  });

  it('checkApp renews a live grant with the app credentials; none without a grant or with a wrong secret', async () => {
    const check = (q: Record<string, string>) =>
      call(t.p.app, 'GET', `/sso/checkApp?${new URLSearchParams(q)}`, { lang: 'en-US' });
    const a = await ssoLogin();
    await exchange(a.code, a.verifier);
    const r = await check({ client_id: his.client_id, client_secret: his.client_secret, user_id: 'doctor' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.success).toBe(true);
    expect((await asToken(r.body.token as string, '/user/info')).status).toBe(200);
    const none = await check({ client_id: other.client_id, client_secret: other.client_secret, user_id: 'doctor' });
    expect(none.body).toMatchObject({ success: false });
    expect(none.body.token).toBeUndefined();
    const q = new URLSearchParams({ client_id: his.client_id, client_secret: 'nope', user_id: 'doctor' });
    const wrong = await call(t.p.app, 'GET', `/sso/checkApp?${q}`, { ip: '10.0.0.3' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('OAUTH_CLIENT');
  });

  it('deleting the app ends its tokens', async () => {
    const save = await call(t.p.app, 'POST', '/app/save', {
      token: t.token('admin'),
      json: { app_name: 'Goes away', redirect_uris: [REDIRECT] },
    });
    const gone = save.body.data as AppCredentials;
    const a = await ssoLogin({ client_id: gone.client_id });
    const ex = await exchange(a.code, a.verifier, { client_id: gone.client_id, client_secret: gone.client_secret });
    const token = ex.body.access_token as string;
    expect((await asToken(token, '/user/info')).status).toBe(200);
    await call(t.p.app, 'POST', '/app/delete', { token: t.token('admin'), json: { pk: gone.pk } });
    expect((await asToken(token, '/user/info')).status).toBe(401);
  });
});
