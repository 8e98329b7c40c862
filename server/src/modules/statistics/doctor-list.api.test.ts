import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DoctorOption } from '@shared/schemas/order-calls';
import { sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'doctor2', 'register', 'hadmin', 'auditor'] });
const post = (who: DemoUser, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', '/orderCount/doctorList', { token: t.token(who), json, lang });
const doctors = async (who: DemoUser, json: unknown = {}) => {
  const r = await post(who, json);
  expect(r.status, r.text).toBe(200);
  return r.body.data as DoctorOption[];
};

describe('POST /orderCount/doctorList', () => {
  it("lists the caller's hospital's report and audit doctors, not desk staff or administrators", async () => {
    const list = await doctors('doctor');
    const names = list.map((d) => d.username);
    expect(names).toEqual(expect.arrayContaining(['doctor', 'auditor']));
    for (const other of ['register', 'hadmin', 'admin', 'doctor2', 'nomenu']) expect(names).not.toContain(other);
    expect(new Set(list.map((d) => d.hospital_code))).toEqual(new Set(['H001']));
    expect(list.find((d) => d.username === 'auditor')!.can_audit).toBe(true);
    expect(list.find((d) => d.username === 'doctor')!.can_audit).toBe(false);
    expect(await doctors('hadmin')).toEqual(list);
    expect(await doctors('doctor', { sn: 'H001' })).toEqual(list);
  });

  it('names each doctor as reports do (ch_name, else username), sorted by name', async () => {
    const list = await doctors('doctor');
    const rows = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.hospital_code, 'H001'));
    for (const d of list) {
      const u = rows.find((r) => r.pk === d.pk)!;
      expect(d.name).toBe(u.ch_name || u.username);
    }
    const sorted = [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(list.map((d) => d.name)).toEqual(sorted.map((d) => d.name));
  });

  it('keeps a disabled doctor (their reports still count), with status 0', async () => {
    await t.p.deps.db.update(sysUser).set({ status: 0 }).where(eq(sysUser.username, 'auditor'));
    try {
      expect((await doctors('doctor')).find((d) => d.username === 'auditor')?.status).toBe(0);
    } finally {
      await t.p.deps.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'auditor'));
    }
  });

  it('stays in scope: another hospital is 403; the super administrator gets every hospital or the one named', async () => {
    const other = await post('doctor2', { sn: 'H001' });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
    expect(JSON.stringify(other.body)).not.toContain('auditor');
    const all = await doctors('admin');
    expect(new Set(all.map((d) => d.hospital_code))).toEqual(new Set(['H001', 'H002']));
    const h2 = await doctors('admin', { sn: 'H002' });
    expect(h2.map((d) => d.username)).toContain('doctor2');
    expect(new Set(h2.map((d) => d.hospital_code))).toEqual(new Set(['H002']));
    expect(await doctors('admin', { sn: 'H999' })).toEqual([]);
  });

  it('needs stats:view (registration staff 403) and refuses bad input with 400 in the caller’s language', async () => {
    expect((await post('register', {})).status).toBe(403);
    for (const json of [{ sn: 'x'.repeat(33) }, { sn: 1 }, { hospital: 'H001' }]) {
      const r = await post('doctor', json, 'zh-CN');
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
