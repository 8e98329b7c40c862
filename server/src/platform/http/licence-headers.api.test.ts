import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor'] });

/** A date `days` from today, in the server's calendar. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function withLicence<T>(expires: string | undefined, run: () => Promise<T>): Promise<T> {
  const env = t.p.deps.env as { LICENCE_EXPIRES?: string };
  const before = env.LICENCE_EXPIRES;
  env.LICENCE_EXPIRES = expires;
  try {
    return await run();
  } finally {
    env.LICENCE_EXPIRES = before;
  }
}

describe('licence headers pacs_auth / pacs_day', () => {
  it('without LICENCE_EXPIRES: pacs_auth true and no pacs_day', async () => {
    const r = await withLicence(undefined, () => call(t.p.app, 'GET', '/tool/serverTime'));
    expect(r.status).toBe(200);
    expect(r.headers.get('pacs_auth')).toBe('true');
    expect(r.headers.has('pacs_day')).toBe(false);
  });

  it('with a date: the days left on every answer, failures and unknown paths included', async () => {
    await withLicence(dayFromToday(12), async () => {
      for (const r of [
        await call(t.p.app, 'GET', '/tool/serverTime'),
        await call(t.p.app, 'POST', '/user/info', { token: t.token('doctor'), json: {} }),
        await call(t.p.app, 'POST', '/user/info', { json: {} }),
        await call(t.p.app, 'GET', '/no/such/path'),
      ]) {
        expect(r.headers.get('pacs_auth')).toBe('true');
        expect(r.headers.get('pacs_day')).toBe('12');
      }
    });
    const last = await withLicence(dayFromToday(0), () => call(t.p.app, 'GET', '/tool/serverTime'));
    expect([last.headers.get('pacs_auth'), last.headers.get('pacs_day')]).toEqual(['true', '0']);
  });

  it('expired: pacs_auth false, and the platform still answers sign-ins and reads', async () => {
    await withLicence(dayFromToday(-1), async () => {
      const info = await call(t.p.app, 'POST', '/user/info', { token: t.token('doctor'), json: {} });
      expect(info.status).toBe(200);
      expect([info.headers.get('pacs_auth'), info.headers.get('pacs_day')]).toEqual(['false', '0']);
      const token = await t.login('doctor');
      expect(token).toBeTruthy();
      const list = await call(t.p.app, 'POST', '/api/order/OrderList', {
        token,
        json: { pageNumber: 1, pageSize: 10 },
      });
      expect(list.status).toBe(200);
      expect(list.headers.get('pacs_auth')).toBe('false');
    });
  });
});
