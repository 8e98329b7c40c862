import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../core/input-text';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor'] });

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('input guard', () => {
  it('refuses JSON nested past the limit with a 400, without sign-in, and keeps serving', async () => {
    const deep = await call(t.p.app, 'POST', '/api/order/OrderList', {
      rawBody: nested(5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ success: false, error: 'VALIDATION', code: 400 });
    expect(deep.body.msg).toContain(String(MAX_JSON_DEPTH));
    const english = await call(t.p.app, 'POST', '/report/save', {
      rawBody: `[${nested(MAX_JSON_DEPTH)}]`,
      headers: { 'content-type': 'application/json' },
      lang: 'en-US',
    });
    expect(english.status).toBe(400);
    expect(english.body.msg).toMatch(/nested too deeply/);
    // At the limit the body goes on to the route (here: 401, not signed in).
    const atLimit = await call(t.p.app, 'POST', '/report/save', {
      rawBody: nested(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    expect(atLimit.status).toBe(401);
    expect((await call(t.p.app, 'GET', '/healthz')).status).toBe(200);
  });

  it('refuses NUL and lone surrogates in values and keys, in JSON, forms and the query', async () => {
    const bad = [
      { json: { study_iuid: '1.2', rpt_detail: { values: { ['k\u0000']: 'v' } } } },
      { json: { study_iuid: '1.2', rpt_detail: { values: { k: 'v\uD800' } } } },
      { json: { patient_name: '\uDC00' } },
      { json: { ['\uD83D']: 1 } },
    ];
    for (const o of bad) {
      const r = await call(t.p.app, 'POST', '/api/order/OrderList', { token: t.token('doctor'), ...o });
      expect(r.status, JSON.stringify(o)).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
    }
    const form = await call(t.p.app, 'POST', '/user/login', {
      rawBody: 'username=%ED%A0%80&password=x&logon_type=PC',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    const query = await call(t.p.app, 'GET', '/tool/captcha?t=%ED%A0%80abcdefgh');
    expect(query.status).toBe(400);
    const bytes = await t.p.app.request('/api/order/OrderList', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token('doctor')}` },
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), // {"a":"<0xFF>"}
    });
    expect(bytes.status).toBe(400);
  });

  it('lets ordinary text through: Chinese, emoji (paired surrogates), quotes and brackets in strings', async () => {
    const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('doctor'),
      json: { patient_name: '张三😀"[{', pageNumber: 1, pageSize: 20 },
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });
});
