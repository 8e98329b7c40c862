import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/api-client';
import { DEMO_PASSWORDS } from '../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../tests/support/use-test-platform';

/**
 * An embedded installation that has turned requests away (or kept them waiting) in the last day says it has
 * outgrown the embedded database: in /healthz (still 200: it serves) and at the super administrator's
 * sign-in. On PostgreSQL the same strain is no such advice.
 */
const t = useTestPlatform();

const signIn = async (username: 'admin' | 'doctor') =>
  (
    await call(t.p.app, 'POST', '/user/login', {
      form: { username, password: DEMO_PASSWORDS[username], logon_type: 'PC' },
    })
  ).body as { db_strain: unknown };

describe('advice to move to PostgreSQL', () => {
  it('appears once requests were turned away, on the embedded database only, for the super administrator', async () => {
    const before = await call(t.p.app, 'GET', '/healthz');
    expect(before.body).toEqual({ status: 'ok', db: t.p.kind });
    expect((await signIn('admin')).db_strain).toBeNull();

    t.p.deps.strain.note('shed');
    t.p.deps.strain.note('waited');
    const after = await call(t.p.app, 'GET', '/healthz');
    expect(after.status).toBe(200);
    const embedded = t.p.kind === 'pglite';
    expect(after.body).toEqual({ status: 'ok', db: t.p.kind, ...(embedded ? { advice: 'move-to-postgres' } : {}) });
    expect((await signIn('admin')).db_strain).toEqual(embedded ? { shed: 1, waited: 1 } : null);
    expect((await signIn('doctor')).db_strain).toBeNull();
  });
});
