import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PermissionNode, RolePermissions, RoleRow } from '@shared/schemas/admin-role';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { adminTestKit } from '../users/admin.test-helpers';

/**
 * Roles of one hospital and roles every hospital shares (issue 32): a hospital's administrator manages
 * their own hospital's roles only, and such a role never holds an installation-wide permission.
 */
const t = useTestPlatform({ users: ['admin', 'doctor'] });
const { post, counts } = adminTestKit(() => t.p);
const rowsOf = async (q: SQL) => ((await t.p.deps.db.execute(q)) as { rows: unknown[] }).rows;

const PASSWORD = 'Probe@123';
const adminPost = (path: string, json: unknown, lang = 'en-US') => post(t.token('admin'), path, json, lang);

async function newRole(code: string, keys: string[], hospital_code?: string) {
  const r = await adminPost('/role/save', { code, name: code, ...(hospital_code ? { hospital_code } : {}) });
  expect(r.status, r.body.msg as string).toBe(200);
  const pk = (r.body.data as { pk: number }).pk;
  expect((await adminPost('/role/savePermissions', { role_pk: pk, keys })).status).toBe(200);
  return pk;
}

async function newUser(username: string, hospital_code: string, role_pk: number) {
  const r = await adminPost('/user/save', { username, ch_name: username, password: PASSWORD, hospital_code, role_pk });
  expect(r.status, r.body.msg as string).toBe(200);
  return loginAs(t.p.app, username, PASSWORD);
}

const ADMIN_KEYS = ['sysAdmin', 'sysUser', 'sysRole', 'sysConfig'];
const keysOf = (nodes: readonly PermissionNode[]): PermissionNode[] =>
  nodes.flatMap((n) => [n, ...keysOf((n.children ?? []) as PermissionNode[])]);

describe('hospital roles', () => {
  it("a hospital's administrator creates roles of their own hospital, sees shared ones and their own, not another's", async () => {
    const h2 = await newRole('h2_admin', ADMIN_KEYS, 'H002');
    const token = await newUser('h2_admin_user', 'H002', h2);
    const elsewhere = await newRole('h1_only', ['collection'], 'H001');

    const created = await post(token, '/role/save', { code: 'h2_reader', name: 'H002 阅片' });
    expect(created.status).toBe(200);
    const list = (await call(t.p.app, 'GET', '/role/roleList', { token })).body.data as RoleRow[];
    expect(list.find((r) => r.code === 'h2_reader')?.hospital_code).toBe('H002');
    expect(list.find((r) => r.code === 'report_doctor')?.hospital_code).toBeNull();
    expect(list.map((r) => r.code)).not.toContain('h1_only');

    const before = await counts();
    const refusals = [
      [await post(token, '/role/save', { code: 'h1_fake', name: 'fake', hospital_code: 'H001' }), 403],
      [await post(token, '/role/save', { code: 'shared_fake', name: 'fake', hospital_code: '' }), 403],
      [await post(token, '/role/save', { pk: 2, code: 'report_doctor', name: 'renamed' }), 403],
      [await post(token, '/role/savePermissions', { role_pk: 2, keys: [] }), 403],
      [await post(token, '/role/delete', { pk: 2 }), 403],
      [await post(token, '/role/save', { pk: elsewhere, code: 'h1_only', name: 'fake' }), 404],
      [await post(token, '/role/permissions', { role_pk: elsewhere }), 404],
      [await post(token, '/role/savePermissions', { role_pk: elsewhere, keys: [] }), 404],
      [await post(token, '/role/delete', { pk: elsewhere }), 404],
    ] as const;
    expect(refusals.map(([r]) => r.status)).toEqual(refusals.map(([, want]) => want));
    expect(refusals[2]![0].body.msg).toBe(
      'This role is shared by every hospital; only the super administrator may change it',
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses an installation-wide permission on a hospital's role (400 naming the keys), allows it on a shared one", async () => {
    const pk = await newRole('h1_cfg', ['collection'], 'H001');
    const tree = (await adminPost('/role/permissions', { role_pk: pk })).body.data as RolePermissions;
    const marked = keysOf(tree.tree)
      .filter((n) => n.installation)
      .map((n) => n.key)
      .sort();
    expect(marked).toEqual(['sysApp', 'sysDict', 'sysRegion']);

    const before = await counts();
    const r = await adminPost('/role/savePermissions', { role_pk: pk, keys: ['collection', 'sysApp'] }, 'zh-CN');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'keys', msg: '本院角色不能包含全平台权限：sysApp' }]);
    expect(await counts()).toEqual(before);

    const shared = await newRole('shared_cfg', ['collection', 'sysApp']);
    expect(
      ((await adminPost('/role/permissions', { role_pk: shared })).body.data as RolePermissions).checked,
    ).toContain('sysApp');
  });

  it("gives a hospital's role only to that hospital's users, and keeps a role's hospital fixed", async () => {
    const h1 = await newRole('h1_desk', ['collection'], 'H001');
    const before = await counts();
    const wrong = await adminPost('/user/save', {
      username: 'h2_with_h1_role',
      ch_name: 'wrong role',
      password: PASSWORD,
      hospital_code: 'H002',
      role_pk: h1,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'role_pk', msg: expect.stringContaining('another hospital') }]);
    const fixed = await adminPost('/role/save', { pk: h1, code: 'h1_desk', name: 'desk', hospital_code: 'H002' });
    expect(fixed.status).toBe(400);
    expect(fixed.body.errors).toEqual([{ field: 'hospital_code', msg: expect.stringContaining('cannot change') }]);
    expect(await counts()).toEqual(before);

    await newUser('h1_desk_user', 'H001', h1);
    const [u] = (await rowsOf(sql`select * from sys_user where username = 'h1_desk_user'`)) as {
      pk: number;
      username: string;
      ch_name: string;
    }[];
    const moved = await adminPost('/user/save', {
      pk: u!.pk,
      username: u!.username,
      ch_name: u!.ch_name,
      hospital_code: 'H002',
      role_pk: h1,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([{ field: 'role_pk', msg: expect.stringContaining('another hospital') }]);
  });

  it('keeps a hospital that still has roles of its own', async () => {
    await adminPost('/hospital/save', { sn: 'S-R1', code: 'HROLE', name: '角色医院' });
    const pk = await newRole('hrole_only', [], 'HROLE');
    const [h] = (await rowsOf(sql`select pk from hospital where code = 'HROLE'`)) as { pk: number }[];
    const refused = await adminPost('/hospital/delete', { pk: h!.pk });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain("1 of the hospital's own roles");
    await adminPost('/role/delete', { pk });
    expect((await adminPost('/hospital/delete', { pk: h!.pk })).status).toBe(200);
  });
});

describe('installation-wide administration', () => {
  it('refuses a hospital user whose shared role holds every code, and shows them none of its menus', async () => {
    const all = keysOf(((await adminPost('/role/permissions', { role_pk: 1 })).body.data as RolePermissions).tree).map(
      (n) => n.key,
    );
    const pk = await newRole('every_code', all);
    const token = await newUser('every_code_user', 'H002', pk);
    const before = await counts();
    const calls = [
      ['/group/save', { name: 'probe region' }],
      ['/dict/save', { code: 'probe', name: 'probe' }],
      ['/app/save', { app_name: 'probe app', server_url: 'https://x.example' }],
      ['/config/rotateAesKey', {}],
      ['/config/save', { name: 'report_fhir_url_H001', value: 'https://evil.example/fhir' }],
      ['/config/save', { name: 'use_captcha_x', value: 'N' }],
    ] as const;
    for (const [path, json] of calls) {
      const r = await post(token, path, json);
      expect(r.status, path).toBe(403);
      if (path !== '/config/save') expect(r.body.msg, path).toMatch(/only the super administrator/);
    }
    expect(await counts()).toEqual(before);
    const info = await post(token, '/user/info', {});
    const paths = JSON.stringify(info.body.data);
    for (const page of ['/system/region', '/system/dict', '/app']) expect(paths).not.toContain(`"${page}"`);
    expect(paths).toContain('/system/config');
  });
});

describe("a hospital's own configuration", () => {
  it("lets its administrator (sys:config on the hospital's role) change only report_fhir_url_<own code>", async () => {
    const pk = await newRole('h2_cfg_admin', ADMIN_KEYS, 'H002');
    const token = await newUser('h2_cfg_user', 'H002', pk);
    const theirs = await adminPost('/config/save', {
      name: 'report_fhir_url_H001',
      value: 'https://h001.example/fhir',
    });
    expect(theirs.status).toBe(200);
    const h001 = (theirs.body.data as { pk: number }).pk;

    const own = await post(token, '/config/save', { name: 'report_fhir_url_H002', value: 'https://h002.example/fhir' });
    expect(own.status).toBe(200);
    const list = await post(token, '/config/list', { pageNumber: 1, pageSize: 100 });
    expect((list.body.data as { list: { name: string }[] }).list.map((r) => r.name)).toEqual(['report_fhir_url_H002']);
    const bad = await post(token, '/config/update', { name: 'report_fhir_url_H002', value: 'ftp://x' });
    expect(bad.status).toBe(400);

    const before = await counts();
    const snapshot = async () =>
      (await rowsOf(sql`select md5(string_agg(row(c.*)::text, ',' order by pk)) as h from sys_config c`))[0];
    const configBefore = await snapshot();
    const refused = [
      [await post(token, '/config/save', { name: 'report_fhir_url_H001', value: 'https://evil.example' }), 403],
      [await post(token, '/config/save', { name: 'report_fhir_url', value: 'https://evil.example' }), 403],
      [await post(token, '/config/update', { pk: h001, value: 'https://evil.example' }), 404],
      [await post(token, '/config/update', { name: 'report_fhir_url_H001', value: 'https://evil.example' }), 404],
      [await post(token, '/config/update', { name: 'use_captcha', value: 'N' }), 403],
      [await post(token, '/config/delete', { pk: h001 }), 404],
      [await post(token, '/config/rotateAesKey', {}), 403],
    ] as const;
    expect(refused.map(([r]) => r.status)).toEqual(refused.map(([, want]) => want));
    expect(refused[0]![0].body.msg).toMatch(/only your own hospital's entries/);
    expect(await counts()).toEqual(before);
    expect(await snapshot()).toEqual(configBefore);
  });
});
