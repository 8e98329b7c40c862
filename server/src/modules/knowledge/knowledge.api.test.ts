import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { sysUser } from '../../db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'auditor'] });

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
    expect((await req(t.token('auditor'), '/template/delete', { pk: leaf.pk })).status).toBe(403);
    expect(
      (await req(t.token('auditor'), '/template/save', { pk: leaf.pk, parent: mine!.pk, label: 'x', isleaf: true }))
        .status,
    ).toBe(403);
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
