import { describe, expect, it } from 'vitest';
import { parseAuthorizeRequest, readAuthorizeParams, redirectBack } from './authorize-request';

const q = (s: string) => new URLSearchParams(s);
const parse = (hash: string, page = '') => parseAuthorizeRequest(readAuthorizeParams(q(hash), q(page)));

describe('the authorization request', () => {
  it('reads the standard names from the hash route or from the page query a standards client writes', () => {
    const want = {
      client_id: 'c1',
      redirect_uri: 'https://his.example/cb',
      state: 's 1',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      response_type: 'code',
    };
    const query = new URLSearchParams(want).toString();
    expect(parse(query)).toEqual({ ok: true, request: want });
    expect(parse('', query)).toEqual({ ok: true, request: want });
  });

  it('without state, none is returned', () => {
    const r = parse('client_id=c1&redirect_uri=https://his.example/cb');
    expect(r.ok && r.request.state).toBeNull();
  });

  it('refuses before asking the server: no client, no or malformed redirect URI, a fragment, two values', () => {
    expect(parse('redirect_uri=https://x/cb')).toEqual({ ok: false, problem: 'missingClient' });
    expect(parse('client_id=c1')).toEqual({ ok: false, problem: 'missingRedirect' });
    expect(parse('client_id=c1&redirect_uri=/cb')).toEqual({ ok: false, problem: 'badRedirect' });
    expect(parse('client_id=c1&redirect_uri=javascript:alert(1)')).toEqual({ ok: false, problem: 'badRedirect' });
    expect(parse(`client_id=c1&redirect_uri=${encodeURIComponent('https://x/cb#frag')}`)).toEqual({
      ok: false,
      problem: 'badRedirect',
    });
    expect(parse('client_id=c1&redirect_uri=https://x/cb', 'redirect_uri=https://evil/cb')).toEqual({
      ok: false,
      problem: 'missingRedirect',
    });
  });
});

describe('the redirect back to the app', () => {
  it('appends code and the unchanged state', () => {
    expect(redirectBack('https://his.example/cb', { code: 'K1' }, 'a+b/c=&d')).toBe(
      'https://his.example/cb?code=K1&state=a%2Bb%2Fc%3D%26d',
    );
    const back = new URL(redirectBack('https://his.example/cb', { code: 'K1' }, 'a+b/c=&d ü'));
    expect(back.searchParams.get('state')).toBe('a+b/c=&d ü');
  });

  it("keeps the registered URI's own query as it is and adds no state when none was sent", () => {
    expect(redirectBack('http://127.0.0.1:9/cb?tenant=a%20b', { code: 'K' }, null)).toBe(
      'http://127.0.0.1:9/cb?tenant=a%20b&code=K',
    );
    expect(redirectBack('http://127.0.0.1:9/cb?', { code: 'K' }, '')).toBe('http://127.0.0.1:9/cb?code=K&state=');
  });
});
