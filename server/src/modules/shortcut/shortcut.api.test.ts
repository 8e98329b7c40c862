import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Shortcut } from '@shared/schemas/admin-config';
import { auditLog, scanItem, shortcut, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

// doctor and auditor of H001, doctor2 of H002
const t = useTestPlatform({ users: ['doctor', 'auditor', 'doctor2'] });

const post = (path: string, json: unknown, token = t.token('doctor'), lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token, json, lang });
const idsOf = async (hospital: string, modality: string) =>
  (
    await t.p.deps.db
      .select({ id: scanItem.scanp_id })
      .from(scanItem)
      .where(and(eq(scanItem.hospital_code, hospital), eq(scanItem.modality, modality)))
      .orderBy(desc(scanItem.scanp_id))
  ).map((r) => r.id);
const rows = () => t.p.deps.db.select().from(shortcut);

describe('shortcuts: the caller’s own quick list of scan items per modality', () => {
  it('saves, replaces and finds the caller’s list with its items in the saved order; audited', async () => {
    const ct = await idsOf('H001', 'CT');
    const r = await post('/shortcut/save', { modality: 'CT', scanp_ids: [ct[1], ct[0], ct[1]] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ modality: 'CT', scanp_ids: [ct[1], ct[0]] });
    expect((r.body.data as Shortcut).items.map((i) => i.scanp_id)).toEqual([ct[1], ct[0]]);
    const [me] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'doctor'));
    const [a] = await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1);
    expect(a).toMatchObject({ action: 'shortcut_save', user_pk: me!.pk, detail: { before: null } });

    await post('/shortcut/save', { modality: 'CT', scanp_ids: [ct[0]] });
    const dr = await idsOf('H001', 'DR');
    await post('/shortcut/save', { modality: 'DR', scanp_ids: dr });
    const all = await post('/shortcut/find', {});
    expect((all.body.data as Shortcut[]).map((s) => [s.modality, s.scanp_ids])).toEqual([
      ['CT', [ct[0]]],
      ['DR', dr],
    ]);
    const one = await post('/shortcut/find', { modality: 'DR' });
    expect((one.body.data as Shortcut[]).map((s) => s.modality)).toEqual(['DR']);
    expect((await rows()).filter((s) => s.user_pk === me!.pk)).toHaveLength(2);
  });

  it('is per user: another user sees only their own', async () => {
    expect((await post('/shortcut/find', {}, t.token('auditor'))).body.data).toEqual([]);
    expect((await post('/shortcut/find', {}, t.token('doctor2'))).body.data).toEqual([]);
  });

  it('refuses items of another hospital, of another modality, unknown ones, or more than 50: 400, nothing written', async () => {
    const before = JSON.stringify(await rows());
    const theirs = await idsOf('H002', 'CT');
    const mr = await idsOf('H001', 'MR');
    for (const scanp_ids of [[theirs[0]], mr, [2147483647]]) {
      const r = await post('/shortcut/save', { modality: 'CT', scanp_ids });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        { field: 'scanp_ids', msg: 'A scan item does not exist, is out of your reach or belongs to another modality' },
      ]);
    }
    const many = await post('/shortcut/save', {
      modality: 'CT',
      scanp_ids: Array.from({ length: 51 }, (_, i) => i + 1),
    });
    expect(many.status).toBe(400);
    expect((many.body.errors as { field: string }[])[0]!.field).toBe('scanp_ids');
    expect((await post('/shortcut/save', { modality: 'XX', scanp_ids: [] })).status).toBe(400);
    expect(JSON.stringify(await rows())).toBe(before);
  });

  it('an item deleted later drops out of the answer; an empty list clears it', async () => {
    const ct = await idsOf('H001', 'CT');
    await post('/shortcut/save', { modality: 'CT', scanp_ids: [ct[0], ct[1]] });
    await t.p.deps.db.delete(scanItem).where(eq(scanItem.scanp_id, ct[0]!));
    const r = await post('/shortcut/find', { modality: 'CT' });
    expect((r.body.data as Shortcut[])[0]!.items.map((i) => i.scanp_id)).toEqual([ct[1]]);
    await post('/shortcut/save', { modality: 'CT', scanp_ids: [] });
    expect((await post('/shortcut/find', { modality: 'CT' })).body.data).toMatchObject([{ scanp_ids: [], items: [] }]);
    expect((await call(t.p.app, 'POST', '/shortcut/find', { json: {} })).status).toBe(401);
  });
});
