import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captcha } from './platform/db/schema';
import { call } from '../../tests/support/api-client';
import { useTestPlatform } from '../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin'] });

type Operation = { 'x-permission'?: string; requestBody?: unknown };
async function operations() {
  const doc = (await call(t.p.app, 'GET', '/openapi.json')).body as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

describe('platform basics', () => {
  it('reports health with the database kind', async () => {
    const r = await call(t.p.app, 'GET', '/healthz');
    expect(r.body).toEqual({ status: 'ok', db: t.p.kind });
  });

  it('redirects / to the web app', async () => {
    const r = await t.p.app.request('/');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/rxpacs/');
  });

  it('documents every route in /openapi.json with the permission it needs', async () => {
    const ops = await operations();
    const paths = ops.map((o) => `${o.method} ${o.path}`);
    for (const expected of [
      'POST /user/login',
      'POST /user/info',
      'POST /user/logout',
      'GET /tool/getFootTitle',
      'GET /tool/captcha',
      'GET /tool/serverTime',
      'GET /tool/getUseCaptcha',
      'GET /monitor/queryPwdErrorList',
      'POST /api/order/OrderList',
    ]) {
      expect(paths).toContain(expected);
    }
    for (const o of ops) expect(o.op['x-permission'], `${o.method} ${o.path}`).toBeTruthy();
    const publicOps = ops.filter((o) => o.op['x-permission'] === 'public').map((o) => o.path);
    expect(new Set(publicOps)).toEqual(
      new Set([
        '/user/login',
        '/tool/getFootTitle',
        '/tool/getUseCaptcha',
        '/tool/captcha',
        // the spoken captcha: the sign-in page's accessible alternative to the picture (rate-limited)
        '/tool/captchaAudio',
        '/tool/serverTime',
        // certificate sign-in; a bind challenge checks the session itself
        '/cert/challenge',
        '/cert/login',
        // avatars: an <img> cannot send the session token; served by the owner's uuid
        '/user/avatar/{uuid}',
        // the spec's logo call, logos and header images (printed on every report), by content address
        '/tool/getLogoPng',
        '/tool/image/{name}',
        // signatures and seals: an <img> cannot send the session token; only by an address the server signed
        '/tool/signImage/{name}',
        // third-party apps (docs/oauth.md): the app authenticates itself, the user signs in on /sso/login
        '/.well-known/oauth-authorization-server',
        '/oauth/authorize',
        '/oauth/token',
        '/oauth/revoke',
        '/sso/login',
        '/sso/checkApp',
        // FHIR order entry (docs/his.md): an app's own token, checked by the routes (a user's session is 401)
        '/fhir/metadata',
        '/fhir/ServiceRequest',
        '/fhir/ServiceRequest/{id}',
        '/fhir/Patient',
        // patients (docs/patient-lookup.md): two identifiers or a read-only report token, rate-limited
        '/api/order/patientInfoList',
        '/report/shared/info',
        // self-registration (docs/registration.md)
        '/user/sendRegisterCaptcha',
        '/user/register',
        '/user/activate',
        '/user/resendActivation',
        // WeChat QR sign-in (docs/wechat.md): state bound to the browser by a cookie; the platform's signed push
        '/tool/getWeiXinLogin',
        // where /page1, /page2 and /temp lead: addresses of the hospital's static pages (docs/layouts.md)
        '/tool/staticPages',
        '/authorize/login',
        '/authorize/callback',
        '/authorize/finish',
        '/wxapi/event/{hospital_code}',
        // workstation software IT publishes (tool download): installers and browser policies fetch it, nothing listed
        '/downloads/{name}',
        // a printed or archived report's electronic signature, checked by anyone who holds it (docs/report-signature.md)
        '/verify/{code}',
        '/verify/pdf',
      ]),
    );
  });

  it('sends the security headers: scripts only from us, no framing by other sites', async () => {
    const r = await t.p.app.request('/healthz');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers unknown routes with the 404 envelope', async () => {
    const r = await call(t.p.app, 'GET', '/no/such/route', { lang: 'en-US' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, code: 404, error: 'NOT_FOUND', data: null });
  });

  it('answers malformed JSON and oversized bodies with the envelope', async () => {
    const bad = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('admin'),
      rawBody: '{"pageSize":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'VALIDATION' });
    const big = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('admin'),
      json: { patient_name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks the session before validating the body', async () => {
    const r = await call(t.p.app, 'POST', '/api/order/OrderList', { json: { pageSize: 'x' } });
    expect(r.status).toBe(401);
  });
});

describe('no input produces a 500', () => {
  const junk: unknown[] = [
    null,
    [],
    'text',
    12,
    { pageSize: -1, pageNumber: 1e308 },
    { username: { $ne: 1 }, password: ['a'] },
    { study_iuid: "'; drop table study; --", patient_id: '\u0000' },
    { key: '\u0000' },
    { sn: '\u0000', patient_name: '\u0000%_\\' },
    { modalitys: 'CT,,MR', rpt_status: '1,2' },
    { layout: { primaryColor: '#zzzzzz' } },
    { data1: { modalitys: 'CT' } },
  ];

  it('holds for every documented route, signed in as the administrator', async () => {
    for (const { path, method, op } of await operations()) {
      if (path === '/user/logout') continue; // would end the session used by the rest
      for (const body of junk) {
        const form = op.requestBody && JSON.stringify(op.requestBody).includes('x-www-form-urlencoded');
        const r = form
          ? await call(t.p.app, method, path, {
              token: t.token('admin'),
              form: { username: String(body), password: JSON.stringify(body) },
            })
          : await call(
              t.p.app,
              method,
              `${path}?t=${encodeURIComponent(JSON.stringify(body))}&username=${encodeURIComponent(String(body))}`,
              {
                token: t.token('admin'),
                json: method === 'GET' ? undefined : body,
              },
            );
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        // Our answers are the envelope; DICOMweb's (application/dicom+json) are the DICOM JSON model, FHIR's
        // (application/fhir+json) FHIR resources.
        const type = r.headers.get('content-type') ?? '';
        if (type.includes('fhir+json')) expect(typeof r.body.resourceType, `${method} ${path}`).toBe('string');
        else if (type.includes('json') && !type.includes('dicom+json'))
          expect(typeof r.body.success, `${method} ${path} ${type}`).toBe('boolean');
      }
    }
  });
});

describe('/tool', () => {
  it('gives the login page texts and policy flags', async () => {
    const r = await call(t.p.app, 'GET', '/tool/getFootTitle');
    expect(r.body.data).toMatchObject({ title: '医学影像系统', aes: 'N', aes_key: '', use_password_check: 'Y' });
  });

  it('draws a 4-character captcha of the asked type, as a 136 x 40 PNG image', async () => {
    for (const [type, re] of [
      // capitals and digits without look-alikes (CAPTCHA_ALPHABET), capitals only, digits 2-9
      [0, /^[ACEFHJKMNPRTWXY347]{4}$/],
      [1, /^[ACEFHJKMNPRTWXY]{4}$/],
      [2, /^[2-9]{4}$/],
    ] as const) {
      const key = `captcha-type-${type}-key`;
      const r = await t.p.app.request(`/tool/captcha?t=${key}&captcha_type=${type}`);
      expect(r.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await r.arrayBuffer());
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      // IHDR: width and height, big-endian, right after the chunk's length and type.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([136, 40]);
      const [row] = await t.p.deps.db.select().from(captcha).where(eq(captcha.key, key));
      expect(row!.code).toMatch(re);
    }
    expect((await call(t.p.app, 'GET', '/tool/captcha?t=short')).status).toBe(400);
    expect((await call(t.p.app, 'GET', '/tool/captcha?t=abcdefgh&captcha_type=3')).status).toBe(400);
  });

  it('tells the server time', async () => {
    const r = await call(t.p.app, 'GET', '/tool/serverTime');
    const d = r.body.data as { time: string; timestamp: number };
    expect(Math.abs(d.timestamp - Date.now())).toBeLessThan(5000);
    expect(d.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
