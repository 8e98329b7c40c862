import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCredentials } from '@shared/schemas/apps';
import { call } from '../../../../tests/support/api-client';
import { DEMO_PASSWORDS } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/**
 * The whole flow with a maintained standards client (oauth4webapi) as the third-party app, against the
 * platform listening on a socket: discovery, the authorisation request through /oauth/authorize to the
 * /pacsOauth page (whose POST /sso/login this test makes as the page does), the token exchange with PKCE,
 * a call with the token, revocation, and the refusal after it.
 */
const t = useTestPlatform({ users: ['admin'] });
const REDIRECT = 'http://127.0.0.1:8765/callback';
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server speaks http on loopback
let server: ReturnType<typeof serve>;
let issuer: URL;
let creds: AppCredentials;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  issuer = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const r = await call(t.p.app, 'POST', '/app/save', {
    token: t.token('admin'),
    json: { app_name: 'Regional portal', redirect_uris: [REDIRECT] },
  });
  creds = r.body.data as AppCredentials;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the /pacsOauth page does with the query it was opened with: sign in, then go to the redirect URI. */
async function pacsOauthPage(pageUrl: string, username: string, password: string): Promise<URL> {
  const query = new URLSearchParams(pageUrl.split('#/pacsOauth?')[1]);
  const res = await fetch(new URL('/sso/login', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      logon_type: 'PC',
      client_id: query.get('client_id'),
      redirectUri: query.get('redirect_uri'),
      state: query.get('state') ?? '',
      code_challenge: query.get('code_challenge'),
      code_challenge_method: query.get('code_challenge_method'),
    }),
  });
  const body = (await res.json()) as { success: boolean; auth_code: string; auth_state: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  const back = new URL(query.get('redirect_uri')!);
  back.searchParams.set('code', body.auth_code);
  back.searchParams.set('state', body.auth_state);
  return back;
}

describe('OAuth 2.0 authorisation code flow with PKCE, driven by oauth4webapi', () => {
  it('discovers, authorises, exchanges, calls, revokes', async () => {
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_endpoint).toBe(`${issuer.origin}/oauth/authorize`);
    const client: oauth.Client = { client_id: creds.client_id };

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authUrl = new URL(as.authorization_endpoint!);
    authUrl.searchParams.set('response_type', 'code');
    authUrl.searchParams.set('client_id', client.client_id);
    authUrl.searchParams.set('redirect_uri', REDIRECT);
    authUrl.searchParams.set('scope', 'pacs.read');
    authUrl.searchParams.set('state', state);
    authUrl.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    authUrl.searchParams.set('code_challenge_method', 'S256');

    const toPage = await fetch(authUrl, { redirect: 'manual' });
    expect(toPage.status).toBe(302);
    const pageUrl = toPage.headers.get('location')!;
    expect(pageUrl).toMatch(/^\/rxpacs\/#\/pacsOauth\?/);

    const callback = await pacsOauthPage(pageUrl, 'doctor', DEMO_PASSWORDS.doctor);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    const params = oauth.validateAuthResponse(as, client, callback, state);

    const tokenRes = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(creds.client_secret),
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenRes);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);

    const worklist = () =>
      oauth.protectedResourceRequest(
        tokens.access_token,
        'POST',
        new URL('/api/order/OrderList', issuer),
        new Headers({ 'content-type': 'application/json' }),
        JSON.stringify({ pageSize: 10 }),
        insecure,
      );
    const ok = await worklist();
    expect(ok.status).toBe(200);
    const page = (await ok.json()) as { data: { list: unknown[] } };
    expect(page.data.list.length).toBeGreaterThan(0);

    // The same code again: refused, and the token issued from it ends (RFC 6749 §4.1.2).
    const again = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(creds.client_secret),
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, client, again)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await worklist()).status).toBe(401);
  });

  it('a fresh grant is revoked by the app through the revocation endpoint', async () => {
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    const client: oauth.Client = { client_id: creds.client_id };
    const verifier = oauth.generateRandomCodeVerifier();
    const authUrl = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })) {
      authUrl.searchParams.set(k, v);
    }
    const pageUrl = (await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
    const callback = await pacsOauthPage(pageUrl, 'doctor', DEMO_PASSWORDS.doctor);
    const params = oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck);
    const auth = oauth.ClientSecretBasic(creds.client_secret);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, insecure),
    );
    const info = () =>
      oauth.protectedResourceRequest(
        tokens.access_token,
        'POST',
        new URL('/user/info', issuer),
        undefined,
        undefined,
        insecure,
      );
    expect((await info()).status).toBe(200);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, tokens.access_token, insecure),
    );
    expect((await info()).status).toBe(401);
  });

  it('the authorisation endpoint never redirects to an unregistered URI', async () => {
    const u = new URL('/oauth/authorize', issuer);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: creds.client_id,
      redirect_uri: `${REDIRECT}/../evil`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    })) {
      u.searchParams.set(k, v);
    }
    const r = await fetch(u, { redirect: 'manual' });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(((await r.json()) as { error: string }).error).toBe('OAUTH_REDIRECT');
  });
});
