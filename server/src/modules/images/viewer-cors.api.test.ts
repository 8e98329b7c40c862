import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/core/env';
import { useImagePlatform } from '../../../../tests/support/image-platform';

/** CORS on /dicomweb and /wado for the configured viewer origins only; nothing elsewhere, nothing by default. */
const VIEWER = 'http://viewer.example:3000';
const t = useImagePlatform({ DICOMWEB_CORS_ORIGINS: `${VIEWER}, https://ohif.example` });
const none = useImagePlatform();

const req = (p: typeof t.p, path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  p.app.request(path, { method: init.method ?? 'GET', headers: { 'accept-language': 'en-US', ...init.headers } });
const preflight = (p: typeof t.p, path: string, origin: string) =>
  req(p, path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

describe('CORS for viewers elsewhere', () => {
  it('answers the preflight of a listed origin: Authorization allowed, no credentials mode', async () => {
    const r = await preflight(t.p, '/dicomweb/studies', VIEWER);
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(r.headers.get('access-control-allow-methods')).toContain('GET');
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await preflight(t.p, '/dicomweb/studies', 'http://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a listed origin reads /dicomweb and /wado with the bearer header; CORP relaxed for it alone', async () => {
    const auth = { authorization: `Bearer ${t.tok.doctor}` };
    const ok = await req(t.p, '/dicomweb/studies', { headers: { ...auth, origin: VIEWER } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(VIEWER);
    expect(ok.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(ok.headers.get('vary')).toContain('Origin');
    expect(ok.headers.get('access-control-expose-headers')).toContain('Content-Location');
    const other = await req(t.p, '/dicomweb/studies', { headers: { ...auth, origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // WADO-URI too (a refusal still carries the header, so the viewer can read the message)
    const wado = await req(t.p, '/wado?requestType=WADO&studyUID=1.2&seriesUID=1.2.3&objectUID=1.2.3.4', {
      headers: { ...auth, origin: VIEWER },
    });
    expect(wado.status).toBe(404);
    expect(wado.headers.get('access-control-allow-origin')).toBe(VIEWER);
    // the rest of the API stays same-origin
    const api = await req(t.p, '/api/user/info', { headers: { ...auth, origin: VIEWER } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('a session token in the query is not accepted', async () => {
    const r = await req(t.p, `/dicomweb/studies?token=${t.tok.doctor}`, { headers: { origin: VIEWER } });
    expect(r.status).toBe(401);
    const a = await req(t.p, `/dicomweb/studies?access_token=${t.tok.doctor}`, { headers: { origin: VIEWER } });
    expect(a.status).toBe(401);
  });

  it('none configured: no preflight, no CORS headers', async () => {
    const r = await preflight(none.p, '/dicomweb/studies', VIEWER);
    expect(r.status).toBe(404);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const get = await req(none.p, '/dicomweb/studies', {
      headers: { authorization: `Bearer ${none.tok.doctor}`, origin: VIEWER },
    });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the setting takes exact origins only', () => {
    for (const bad of ['*', 'http://viewer.example/ohif', 'viewer.example', 'ftp://viewer.example']) {
      expect(() => loadEnv({ DICOMWEB_CORS_ORIGINS: bad }), bad).toThrow(/DICOMWEB_CORS_ORIGINS/);
    }
    expect([
      ...loadEnv({ DICOMWEB_CORS_ORIGINS: 'https://a.example:8443/,http://b.example' }).DICOMWEB_CORS_ORIGINS,
    ]).toEqual(['https://a.example:8443', 'http://b.example']);
  });
});
