import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RolePermissions, RoleRow } from '@shared/schemas/admin-role';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { adminTestKit } from '../users/admin.test-helpers';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });
const { post, counts, lastAudit } = adminTestKit(() => t.p);
const rowsOf = async (q: SQL) => ((await t.p.deps.db.execute(q)) as { rows: unknown[] }).rows;

const roleList = async (token: string) => {
  const r = await call(t.p.app, 'GET', '/role/roleList', { token, lang: 'en-US' });
  return { status: r.status, roles: (r.body.data ?? []) as RoleRow[] };
};
const permissions = async (role_pk: number, lang = 'en-US') =>
  (await post(t.token('admin'), '/role/permissions', { role_pk }, lang)).body.data as RolePermissions;
const createRole = async (code: string) => {
  const r = await post(t.token('admin'), '/role/save', { code, name: `角色 ${code}`, name_en: `Role ${code}` });
  expect(r.status).toBe(200);
  return (r.body.data as { pk: number }).pk;
};

describe('access: sys:role', () => {
  it('answers a doctor (and a hospital administrator, who lacks sys:role) 403 and changes nothing', async () => {
    const before = await counts();
    for (const token of [t.token('doctor'), t.token('hadmin')]) {
      for (const [path, json] of [
        ['/role/save', { code: 'nope', name: 'nope' }],
        ['/role/delete', { pk: 2 }],
        ['/role/permissions', { role_pk: 2 }],
        ['/role/savePermissions', { role_pk: 2, keys: [] }],
      ] as const) {
        expect((await post(token, path, json)).status, path).toBe(403);
      }
    }
    expect((await roleList(t.token('doctor'))).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('a holder of sys:role who is not the super administrator', () => {
  it('cannot change the role they hold (that would be granting themselves), but can change another of their hospital', async () => {
    const hadminPk = (await rowsOf(sql`select pk, role_pk from sys_user where username = 'hadmin'`))[0] as {
      pk: number;
      role_pk: number;
    };
    // hadmin moves to a role of H001's own that holds sys:role, then back.
    const own = (
      await post(t.token('admin'), '/role/save', { code: 'h1_admin', name: 'H001 管理员', hospital_code: 'H001' })
    ).body.data as { pk: number };
    const keys = [...(await permissions(hadminPk.role_pk)).checked, 'sysRole'];
    expect((await post(t.token('admin'), '/role/savePermissions', { role_pk: own.pk, keys })).status).toBe(200);
    const other = (
      await post(t.token('admin'), '/role/save', { code: 'h1_other', name: '其他', hospital_code: 'H001' })
    ).body.data as { pk: number };
    const move = (role_pk: number) =>
      t.p.deps.db.execute(sql`update sys_user set role_pk = ${role_pk} where pk = ${hadminPk.pk}`);
    await move(own.pk);
    try {
      const before = await counts();
      for (const [path, json] of [
        ['/role/save', { pk: own.pk, code: 'h1_admin', name: 'renamed' }],
        ['/role/savePermissions', { role_pk: own.pk, keys: [...keys, 'uploadZip'] }],
        ['/role/delete', { pk: own.pk }],
      ] as const) {
        const r = await post(t.token('hadmin'), path, json);
        expect(r.status, path).toBe(403);
        expect(r.body.msg, path).toBe('You cannot change the role you hold yourself');
      }
      expect(await counts()).toEqual(before);
      const changed = await post(t.token('hadmin'), '/role/savePermissions', { role_pk: other.pk, keys: [] });
      expect(changed.status).toBe(200);
    } finally {
      await move(hadminPk.role_pk);
      for (const pk of [own.pk, other.pk]) await post(t.token('admin'), '/role/delete', { pk });
    }
  });
});

describe('GET /role/roleList', () => {
  it('gives the super administrator every role, with how many users hold each', async () => {
    const { roles } = await roleList(t.token('admin'));
    expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'report_doctor', 'hospital_admin']));
    expect(roles.find((r) => r.pk === 1)).toMatchObject({ builtin: true, users: 1 });
  });

  it('gives a holder of sys:user the roles without administrative rights beyond their own, never role 1', async () => {
    const { status, roles } = await roleList(t.token('hadmin'));
    expect(status).toBe(200);
    // The desk roles whatever their report permissions; not role 1 (everything), which holds sys:hospital etc.
    expect(roles.map((r) => r.code).sort()).toEqual([
      'audit_doctor',
      'hospital_admin',
      'no_menu',
      'register',
      'report_doctor',
    ]);
  });
});

describe('POST /role/save and /role/delete', () => {
  it('two creates of one role code at once: one is saved, the other names code (never a 500)', async () => {
    const both = await Promise.all(
      [0, 1].map(() => post(t.token('admin'), '/role/save', { code: 'race_role', name: 'race role' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
  });

  it('creates and edits a role, auditing before and after', async () => {
    const pk = await createRole('probe_a');
    expect((await lastAudit('role_create'))?.detail).toMatchObject({ before: null, after: { code: 'probe_a' } });
    const r = await post(t.token('admin'), '/role/save', { pk, code: 'probe_a', name: '改名', note: 'n' });
    expect(r.status).toBe(200);
    expect((await lastAudit('role_update'))?.detail).toMatchObject({
      before: { name: '角色 probe_a' },
      after: { name: '改名', note: 'n' },
    });
  });

  it('refuses a taken code (400 naming code, in the caller language) and bad input, writing nothing', async () => {
    const before = await counts();
    const zh = await post(t.token('admin'), '/role/save', { code: 'report_doctor', name: '重复' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.errors).toEqual([{ field: 'code', msg: '角色编码已存在' }]);
    const bad = await post(t.token('admin'), '/role/save', { code: '1 bad', name: 'x' });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['code', 'name']);
    expect(await counts()).toEqual(before);
  });

  it('keeps role 1 (not editable nor deletable) and a role users hold', async () => {
    const before = await counts();
    expect((await post(t.token('admin'), '/role/save', { pk: 1, code: 'admin', name: '改名' })).status).toBe(409);
    expect((await post(t.token('admin'), '/role/delete', { pk: 1 })).status).toBe(409);
    const held = await post(t.token('admin'), '/role/delete', { pk: 2 });
    expect(held.status).toBe(409);
    expect(held.body.msg).toMatch(/users hold this role; it cannot be deleted/);
    expect(await counts()).toEqual(before);
  });

  it('deletes an unused role and audits it', async () => {
    const pk = await createRole('probe_gone');
    expect((await post(t.token('admin'), '/role/delete', { pk })).status).toBe(200);
    expect((await lastAudit('role_delete'))?.detail).toMatchObject({ before: { code: 'probe_gone' }, after: null });
    expect((await post(t.token('admin'), '/role/delete', { pk })).status).toBe(404);
  });
});

describe('POST /role/permissions and /role/savePermissions', () => {
  it("answers the whole tree in the caller's language and the role's keys; role 1 holds every key, read-only", async () => {
    const en = await permissions(3);
    expect(en.readonly).toBe(false);
    expect(en.tree.map((n) => n.title)).toContain('Administration');
    expect(en.checked).toEqual(expect.arrayContaining(['orderList', 'audit']));
    expect(en.checked).not.toContain('sysUser');
    const zh = await permissions(3, 'zh-CN');
    expect(zh.tree.map((n) => n.title)).toContain('系统管理');
    const all = await permissions(1);
    expect(all.readonly).toBe(true);
    expect(all.checked).toEqual(expect.arrayContaining(['sysAdmin', 'sysRole', 'orderList', 'deleteImage']));
  });

  it('replaces the keys, adding the folders of chosen pages, and audits before and after', async () => {
    const pk = await createRole('probe_perm');
    const r = await post(t.token('admin'), '/role/savePermissions', { role_pk: pk, keys: ['sysUser', 'collection'] });
    expect(r.status).toBe(200);
    expect((await permissions(pk)).checked.sort()).toEqual(['collection', 'sysAdmin', 'sysUser']);
    expect((await lastAudit('role_permissions'))?.detail).toMatchObject({
      before: { keys: [] },
      after: { keys: expect.arrayContaining(['sysAdmin', 'sysUser', 'collection']) },
    });
  });

  it('refuses role 1, unknown keys (400 naming keys) and an unknown role, writing nothing', async () => {
    const before = await counts();
    expect((await post(t.token('admin'), '/role/savePermissions', { role_pk: 1, keys: [] })).status).toBe(409);
    const unknown = await post(t.token('admin'), '/role/savePermissions', { role_pk: 3, keys: ['noSuchKey'] }, 'zh-CN');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'keys', msg: '权限不存在：noSuchKey' }]);
    expect((await post(t.token('admin'), '/role/savePermissions', { role_pk: 999, keys: [] })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("applies a permission change at the holder's next request", async () => {
    const pk = await createRole('probe_live');
    await post(t.token('admin'), '/role/savePermissions', { role_pk: pk, keys: ['collection'] });
    const saved = await post(t.token('admin'), '/user/save', {
      username: 'probe_live_user',
      ch_name: '实时',
      password: 'Probe@123',
      hospital_code: 'H001',
      role_pk: pk,
    });
    expect(saved.status).toBe(200);
    const token = await loginAs(t.p.app, 'probe_live_user', 'Probe@123');
    expect((await call(t.p.app, 'GET', '/collection/list', { token })).status).toBe(200);
    await post(t.token('admin'), '/role/savePermissions', { role_pk: pk, keys: ['collection', 'sysUser'] });
    expect((await post(token, '/user/findByPage', {})).status).toBe(200);
    await post(t.token('admin'), '/role/savePermissions', { role_pk: pk, keys: ['sysUser'] });
    expect((await call(t.p.app, 'GET', '/collection/list', { token })).status).toBe(403);
  });
});
