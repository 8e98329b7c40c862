import { eq, and, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { auditLog, knowledgeNode, permission, role, rolePermission, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'admin'] });

const req = (token: string, path: string, json: unknown, lang?: string) =>
  call(t.p.app, 'POST', path, { token, json, lang });
const tree = async (token: string, scope: string, modality?: string) =>
  (await req(token, '/template/tree', { scope, modality })).body.data as KnowledgeNode[];

describe('knowledge template trees', () => {
  it('gives the public tree, filtered by modality, and the hospital tree', async () => {
    const all = await tree(t.token('doctor'), 'public');
    expect(all.map((f) => f.label)).toEqual(['CT', 'DR', 'DX', 'MR', 'US']);
    const ct = await tree(t.token('doctor'), 'public', 'CT');
    const leaves = ct.flatMap((f) => f.children ?? []);
    expect(leaves.length).toBeGreaterThan(0);
    expect(leaves.every((l) => l.isleaf && l.modality === 'CT' && l.sj && l.yj)).toBe(true);
    expect((await tree(t.token('doctor'), 'hospital'))[0]!.label).toBe('本院常用');
  });

  it('gives a group tree only to a user with a region', async () => {
    expect(await tree(t.token('doctor'), 'group')).toEqual([]);
  });

  it('keeps personal trees personal', async () => {
    expect((await tree(t.token('doctor'), 'user')).map((f) => f.label)).toEqual(['我的模板']);
    expect(await tree(t.token('auditor'), 'user')).toEqual([]);
  });
});

describe('the user’s own tree', () => {
  it('creates a folder and a template inside it, edits and counts its use', async () => {
    const folder = await req(t.token('auditor'), '/template/save', { label: '胸部', isleaf: false });
    expect(folder.status).toBe(200);
    const f = folder.body.data as KnowledgeNode;
    const leaf = await req(t.token('auditor'), '/template/save', {
      parent: f.pk,
      label: '肺结节',
      isleaf: true,
      sj: '右肺上叶见小结节。',
      yj: '右肺上叶小结节。',
      modality: 'CT',
    });
    const l = leaf.body.data as KnowledgeNode;
    expect(l).toMatchObject({ parent: f.pk, isleaf: true, type: 'user', used: 0 });
    const edited = await req(t.token('auditor'), '/template/save', {
      pk: l.pk,
      parent: f.pk,
      label: '肺结节（随访）',
      isleaf: true,
      sj: 'a',
      yj: 'b',
    });
    expect((edited.body.data as KnowledgeNode).label).toBe('肺结节（随访）');
    await req(t.token('auditor'), '/template/use', { pk: l.pk });
    await req(t.token('auditor'), '/template/use', { pk: l.pk });
    const most = (await req(t.token('auditor'), '/template/mostUsed', { scope: 'user' })).body.data as KnowledgeNode[];
    expect(most[0]).toMatchObject({ pk: l.pk, used: 2 });
    expect((await tree(t.token('auditor'), 'user'))[0]!.children!.map((c) => c.label)).toEqual(['肺结节（随访）']);
  });

  it('refuses a template outside a folder and a blank name', async () => {
    const noFolder = await req(
      t.token('doctor'),
      '/template/save',
      { label: '无文件夹', isleaf: true, sj: 'x', yj: 'y' },
      'en-US',
    );
    expect(noFolder.status).toBe(400);
    expect(noFolder.body.msg).toBe('Choose a folder first');
    expect((await req(t.token('doctor'), '/template/save', { label: '   ', isleaf: false })).status).toBe(400);
  });

  it('does not delete a folder that has children, nor anyone else’s nodes', async () => {
    const [mine] = await tree(t.token('doctor'), 'user');
    const full = await req(t.token('doctor'), '/template/delete', { pk: mine!.pk }, 'en-US');
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe('The folder is not empty and cannot be deleted');
    const leaf = mine!.children![0]!;
    // someone else's own tree is not theirs to see: 404, as for any node out of reach
    expect((await req(t.token('auditor'), '/template/delete', { pk: leaf.pk })).status).toBe(404);
    expect(
      (await req(t.token('auditor'), '/template/save', { pk: leaf.pk, parent: mine!.pk, label: 'x', isleaf: true }))
        .status,
    ).toBe(404);
    expect((await req(t.token('doctor'), '/template/delete', { pk: leaf.pk })).status).toBe(200);
    expect((await req(t.token('doctor'), '/template/delete', { pk: mine!.pk })).status).toBe(200);
    expect(await tree(t.token('doctor'), 'user')).toEqual([]);
  });

  it('cannot write public templates or be used without the permission', async () => {
    const [pub] = await tree(t.token('doctor'), 'public');
    expect((await req(t.token('doctor'), '/template/delete', { pk: pub!.pk })).status).toBe(403);
    await t.p.deps.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'register'));
    const register = await t.login('register');
    expect((await req(register, '/template/tree', { scope: 'public' })).status).toBe(403);
    expect((await req(register, '/template/save', { label: 'x', isleaf: false })).status).toBe(403);
  });
});

describe('shared trees (public, hospital, group)', () => {
  const save = (user: 'doctor' | 'auditor' | 'admin', body: Record<string, unknown>, lang?: string) =>
    req(t.token(user), '/template/save', body, lang);
  /** point:edit for the reviewing doctors' role, for the length of one test. */
  async function withPointEdit<T>(run: () => Promise<T>): Promise<T> {
    const db = t.p.deps.db;
    const [r] = await db.select().from(role).where(eq(role.code, 'audit_doctor'));
    const [p] = await db.select().from(permission).where(eq(permission.perms, 'point:edit'));
    await db.insert(rolePermission).values({ role_pk: r!.pk, permission_pk: p!.pk });
    try {
      return await run();
    } finally {
      await db
        .delete(rolePermission)
        .where(and(eq(rolePermission.role_pk, r!.pk), eq(rolePermission.permission_pk, p!.pk)));
    }
  }

  it('the public tree is the super administrator’s: built, moved, reordered, audited; its use counts stay', async () => {
    const refused = await save('doctor', { scope: 'public', label: '共享', isleaf: false }, 'en-US');
    expect([refused.status, refused.body.msg]).toEqual([403, 'You may not change this template library']);
    const folder = (await save('admin', { scope: 'public', label: '头颅', isleaf: false })).body.data as KnowledgeNode;
    const other = (await save('admin', { scope: 'public', label: '脊柱', isleaf: false })).body.data as KnowledgeNode;
    const leaf = (
      await save('admin', {
        scope: 'public',
        parent: folder.pk,
        label: '脑梗死',
        isleaf: true,
        sj: '左侧基底节区见低密度影。',
        yj: '左侧基底节区腔隙性脑梗死。',
        modality: 'CT',
      })
    ).body.data as KnowledgeNode;
    expect(leaf).toMatchObject({ type: 'public', parent: folder.pk });
    // doctors see it and use it
    const seen = (await tree(t.token('doctor'), 'public', 'CT')).find((f) => f.pk === folder.pk);
    expect(seen?.children?.map((c) => c.label)).toEqual(['脑梗死']);
    await req(t.token('doctor'), '/template/use', { pk: leaf.pk });
    await req(t.token('doctor'), '/template/use', { pk: leaf.pk });
    // moved to another folder and placed first: the count moves with it
    const moved = await save('admin', { ...leaf, scope: 'public', parent: other.pk, sort: 0 });
    expect(moved.body.data).toMatchObject({ parent: other.pk, used: 2, sort: 0 });
    // a folder never goes inside itself
    const loop = await save(
      'admin',
      { scope: 'public', pk: folder.pk, parent: folder.pk, label: '头颅', isleaf: false },
      'en-US',
    );
    expect([loop.status, loop.body.msg]).toEqual([400, 'A folder cannot move into itself or into a folder inside it']);
    const sub = (await save('admin', { scope: 'public', parent: other.pk, label: '颈椎', isleaf: false })).body
      .data as KnowledgeNode;
    const deep = await save('admin', { scope: 'public', pk: other.pk, parent: sub.pk, label: '脊柱', isleaf: false });
    expect(deep.status).toBe(400);
    // doctors cannot change or delete it, nor move it into their own tree
    expect((await req(t.token('doctor'), '/template/delete', { pk: leaf.pk })).status).toBe(403);
    expect((await save('doctor', { ...leaf, scope: 'user', parent: null, isleaf: false })).status).toBe(404);
    // folder rules hold here too
    expect((await req(t.token('admin'), '/template/delete', { pk: other.pk })).status).toBe(409);
    for (const pk of [leaf.pk, sub.pk, other.pk, folder.pk]) {
      expect((await req(t.token('admin'), '/template/delete', { pk })).status).toBe(200);
    }
    const audited = await t.p.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `knowledge_node:${leaf.pk}`));
    expect(audited.map((a) => a.action)).toEqual(['knowledge_create', 'knowledge_update', 'knowledge_delete']);
  });

  it('a hospital’s tree: point:edit holders of that hospital', async () => {
    expect((await save('auditor', { scope: 'hospital', label: '本院新增', isleaf: false })).status).toBe(403);
    await withPointEdit(async () => {
      const f = await save('auditor', { scope: 'hospital', label: '本院新增', isleaf: false });
      expect(f.status).toBe(200);
      const node = f.body.data as KnowledgeNode;
      const [row] = await t.p.deps.db.select().from(knowledgeNode).where(eq(knowledgeNode.pk, node.pk));
      expect(row).toMatchObject({ type: 'public', hospital_code: 'H001', region_pk: null, uuid: '' });
      expect((await tree(t.token('doctor'), 'hospital')).map((n) => n.label)).toContain('本院新增');
      // the public tree stays the super administrator's; no region, no group tree to change
      expect((await save('auditor', { scope: 'public', label: 'x', isleaf: false })).status).toBe(403);
      expect((await save('auditor', { scope: 'group', label: 'x', isleaf: false })).status).toBe(403);
      expect((await req(t.token('auditor'), '/template/delete', { pk: node.pk })).status).toBe(200);
    });
  });

  it('a region’s tree: point:edit holders of that region', async () => {
    const db = t.p.deps.db;
    await db
      .update(sysUser)
      .set({ region: '7' })
      .where(inArray(sysUser.username, ['auditor', 'doctor']));
    const auditor = await t.login('auditor');
    const doctor = await t.login('doctor');
    try {
      expect((await req(auditor, '/template/save', { scope: 'group', label: '区域', isleaf: false })).status).toBe(403);
      await withPointEdit(async () => {
        const f = await req(auditor, '/template/save', { scope: 'group', label: '区域', isleaf: false });
        expect(f.status).toBe(200);
        const node = f.body.data as KnowledgeNode;
        expect((await req(doctor, '/template/tree', { scope: 'group' })).body.data).toEqual([
          expect.objectContaining({ pk: node.pk, label: '区域' }),
        ]);
        expect((await req(auditor, '/template/delete', { pk: node.pk })).status).toBe(200);
      });
    } finally {
      await db
        .update(sysUser)
        .set({ region: '' })
        .where(inArray(sysUser.username, ['auditor', 'doctor']));
    }
  });
});
