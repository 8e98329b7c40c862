import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { sysUser } from '../../platform/db/schema';

const t = useTestPlatform({ users: ['admin', 'hadmin'] });
const REPORT_DOCTOR = 2;

const post = (token: string, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token, json, lang: 'en-US' });
const stored = async (username: string) =>
  (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!;
const doctor = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  ch_name: '检查类型医生',
  password: 'Probe@123',
  hospital_code: 'H001',
  role_pk: REPORT_DOCTOR,
  ...extra,
});

describe('a user’s modalities (data2) in POST /user/save', () => {
  it('are stored in the spec’s order without repeats, listed, and limit what the user sees', async () => {
    const saved = await post(t.token('admin'), '/user/save', doctor('mod_ct_mr', { data2: ['MR', 'CT', 'MR'] }));
    expect(saved.status).toBe(200);
    expect((await stored('mod_ct_mr')).data2).toEqual(['CT', 'MR']);
    const list = await post(t.token('admin'), '/user/findByPage', {
      pageNumber: 1,
      pageSize: 10,
      filters: { keyword: 'mod_ct_mr' },
    });
    expect((list.body.data as { list: { data2: string[] }[] }).list[0]!.data2).toEqual(['CT', 'MR']);

    const token = await loginAs(t.p.app, 'mod_ct_mr', 'Probe@123');
    const info = await post(token, '/user/info', {});
    expect((info.body.data as { user: { data2: string[] } }).user.data2).toEqual(['CT', 'MR']);
    const rows = await post(token, '/api/order/OrderList', { pageNumber: 1, pageSize: 100 });
    const modalities = new Set((rows.body.data as { list: { modality: string }[] }).list.map((r) => r.modality));
    expect(modalities.size).toBeGreaterThan(0);
    expect([...modalities].every((m) => m === 'CT' || m === 'MR')).toBe(true);

    // an edit without data2 keeps it; an empty list gives every modality back
    const pk = (saved.body.data as { pk: number }).pk;
    const { password: _unused, ...edit } = doctor('mod_ct_mr', { pk });
    expect((await post(t.token('admin'), '/user/save', edit)).status).toBe(200);
    expect((await stored('mod_ct_mr')).data2).toEqual(['CT', 'MR']);
    expect((await post(t.token('admin'), '/user/save', { ...edit, data2: [] })).status).toBe(200);
    expect((await stored('mod_ct_mr')).data2).toEqual([]);
  });

  it('refuses a modality the platform does not offer', async () => {
    const r = await post(t.token('admin'), '/user/save', doctor('mod_bad', { data2: ['CT', 'XX'] }));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'mod_bad'))).toEqual([]);
  });

  it('an administrator limited to some modalities gives only those, never none; a new user gets theirs', async () => {
    const hadmin = await stored('hadmin');
    await t.p.deps.db
      .update(sysUser)
      .set({ data2: ['CT', 'DR'] })
      .where(eq(sysUser.pk, hadmin.pk));
    try {
      const NO_MENU = 5;
      const user = (username: string, extra: Record<string, unknown> = {}) =>
        doctor(username, { role_pk: NO_MENU, ...extra });
      for (const data2 of [['MR'], ['CT', 'MR'], []]) {
        const r = await post(t.token('hadmin'), '/user/save', user('mod_by_hadmin', { data2 }));
        expect(r.status, JSON.stringify(data2)).toBe(400);
        expect(r.body.errors).toEqual([{ field: 'data2', msg: expect.stringContaining('CT, DR') }]);
      }
      expect(await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'mod_by_hadmin'))).toEqual([]);
      expect((await post(t.token('hadmin'), '/user/save', user('mod_by_hadmin'))).status).toBe(200);
      expect((await stored('mod_by_hadmin')).data2).toEqual(['CT', 'DR']);
      expect((await post(t.token('hadmin'), '/user/save', user('mod_by_hadmin2', { data2: ['DR'] }))).status).toBe(200);
      expect((await stored('mod_by_hadmin2')).data2).toEqual(['DR']);
    } finally {
      await t.p.deps.db.update(sysUser).set({ data2: [] }).where(eq(sysUser.pk, hadmin.pk));
    }
  });
});
