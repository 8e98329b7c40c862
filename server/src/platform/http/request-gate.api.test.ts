import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** The real app with one request at a time and no queue: the excess is told in its language to come back. */
const t = useTestPlatform({ env: { REQUEST_CONCURRENCY: '1', REQUEST_QUEUE: '0', REQUEST_WAIT_MS: '5000' } });

describe('load shedding on the real app', () => {
  it('answers the excess 503 with Retry-After in the envelope, while probes and the web app never wait', async () => {
    // a sign-in hashes a password off the event loop: the first holds the one slot while the others arrive
    const login = (lang: string) =>
      call(t.p.app, 'POST', '/user/login', {
        lang,
        form: { username: 'doctor', password: 'Doctor@123', logon_type: 'PC' },
      });
    const [first, second, health] = await Promise.all([
      login('en-US'),
      login('zh-CN'),
      call(t.p.app, 'GET', '/healthz'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('5');
    expect(second.body).toMatchObject({
      success: false,
      code: 503,
      error: 'UNAVAILABLE',
      msg: '服务器繁忙，请 5 秒后重试',
    });
    expect(health.status).toBe(200);
    // and once the slot is free, the next request is served
    expect((await login('en-US')).status).toBe(200);
  });
});
