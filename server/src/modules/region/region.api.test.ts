import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RegionNode } from '@shared/schemas/admin-org';
import { auditLog, hospital, knowledgeNode, region, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });

const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const byCode = async (code: string) => (await t.p.deps.db.select().from(region).where(eq(region.code, code)))[0];
const lastAudit = async () => (await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1))[0];
const count = async () => Number(await t.p.deps.db.$count(region));

describe('region tree', () => {
  it('every signed-in user reads the tree, children under their parent', async () => {
    const r = await post('doctor', '/group/GroupTree', {});
    expect(r.status).toBe(200);
    const tree = r.body.data as RegionNode[];
    expect(tree.map((n) => n.code)).toEqual(['SOUTH', 'EAST']);
    expect(tree[0]!.children.map((n) => n.code)).toEqual(['GZ']);
  });
});

describe('region save and delete', () => {
  it('creates a child and audits it; updates with before and after', async () => {
    const south = (await byCode('SOUTH'))!;
    const r = await post('admin', '/group/save', {
      parent_pk: south.pk,
      code: 'SZ',
      name: '深圳',
      name_en: 'Shenzhen',
    });
    expect(r.status, r.text).toBe(200);
    const sz = (await byCode('SZ'))!;
    expect(sz.parent_pk).toBe(south.pk);
    expect((await lastAudit())!).toMatchObject({
      action: 'region.create',
      detail: { before: null, after: { code: 'SZ' } },
    });
    const u = await post('admin', '/group/save', { pk: sz.pk, parent_pk: south.pk, code: 'SZ', name: '深圳市' });
    expect(u.status).toBe(200);
    expect((await lastAudit())!.detail).toMatchObject({ before: { name: '深圳' }, after: { name: '深圳市' } });
  });

  it('a duplicate code is 409 naming code; a loop or an unknown parent is 400 naming parent_pk', async () => {
    const n = await count();
    const dup = await post('admin', '/group/save', { code: 'GZ', name: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    const south = (await byCode('SOUTH'))!;
    const gz = (await byCode('GZ'))!;
    const loop = await post('admin', '/group/save', { pk: south.pk, parent_pk: gz.pk, code: 'SOUTH', name: '华南区' });
    expect(loop.status).toBe(400);
    expect(loop.body.errors).toEqual([expect.objectContaining({ field: 'parent_pk' })]);
    const self = await post('admin', '/group/save', {
      pk: south.pk,
      parent_pk: south.pk,
      code: 'SOUTH',
      name: '华南区',
    });
    expect(self.status).toBe(400);
    const unknown = await post('admin', '/group/save', { parent_pk: 999999, code: 'NEW', name: 'x' });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(n);
    expect((await byCode('SOUTH'))!.parent_pk).toBeNull();
  });

  it('refuses to delete while it has sub-regions, users, hospitals or templates (409 naming them)', async () => {
    const db = t.p.deps.db;
    const south = (await byCode('SOUTH'))!;
    const children = await post('admin', '/group/delete', { pk: south.pk });
    expect(children.status).toBe(409);
    expect(children.body.msg).toMatch(/2 sub-regions/);

    const east = (await byCode('EAST'))!;
    await db
      .update(sysUser)
      .set({ region: String(east.pk) })
      .where(eq(sysUser.username, 'doctor'));
    await db
      .update(hospital)
      .set({ region: String(east.pk) })
      .where(eq(hospital.sn, 'H002'));
    await db.insert(knowledgeNode).values({ label: 'east', isleaf: true, type: 'public', region_pk: east.pk });
    const used = await post('admin', '/group/delete', { pk: east.pk }, 'zh-CN');
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('该区域下还有用户 1 个、医院 1 家、知识库模板 1 个，不能删除');
    expect(await byCode('EAST')).toBeDefined();
  });

  it('deletes an unused region, audited; hadmin and doctor get 403', async () => {
    const sz = (await byCode('SZ'))!;
    expect((await post('hadmin', '/group/delete', { pk: sz.pk })).status).toBe(403);
    expect((await post('doctor', '/group/save', { code: 'DOC', name: 'x' })).status).toBe(403);
    expect(await byCode('DOC')).toBeUndefined();
    expect((await post('admin', '/group/delete', { pk: sz.pk })).status).toBe(200);
    expect(await byCode('SZ')).toBeUndefined();
    expect((await lastAudit())!).toMatchObject({
      action: 'region.delete',
      detail: { before: { code: 'SZ' }, after: null },
    });
  });

  it('bad input names the field', async () => {
    const r = await post('admin', '/group/save', { code: 'a b', name: '' });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['code', 'name']);
  });
});
