import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditRow } from '@shared/schemas/audit';
import type { Page } from '@shared/schemas/common';
import { PERMISSIONS } from '@shared/permissions';
import { auditLog, permission, role, rolePermission, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { audit, auditChange } from '../../platform/audit';

const t = useTestPlatform({ users: ['admin', 'doctor'] });
let doctorPk: number;
let doctor2Pk: number;

const list = async (query: Record<string, string | object>, token = t.token('admin'), lang?: string) => {
  const q = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return call(t.p.app, 'GET', `/audit/list?${q}`, { token, lang });
};
const page = (r: { body: { data?: unknown } }) => r.body.data as Page<AuditRow>;

beforeAll(async () => {
  const users = await t.p.deps.db.select({ pk: sysUser.pk, username: sysUser.username }).from(sysUser);
  doctorPk = users.find((u) => u.username === 'doctor')!.pk;
  doctor2Pk = users.find((u) => u.username === 'doctor2')!.pk;
  // 25 rows of a test action in January 2020, one a day, alternating between doctor (H001) and doctor2 (H002).
  await t.p.deps.db.insert(auditLog).values(
    Array.from({ length: 25 }, (_, i) => ({
      time: new Date(2020, 0, i + 1, 12),
      user_pk: i % 2 ? doctor2Pk : doctorPk,
      username: i % 2 ? 'doctor2' : 'doctor',
      action: 'sd_test',
      target: `sys_user:${1000 + i}`,
      ip: '10.0.0.1',
      detail: { before: { n: i }, after: { n: i + 1 } },
    })),
  );
});

describe('GET /audit/list', () => {
  it('pages the rows newest first by default, with a stable total', async () => {
    const first = page(await list({ pageSize: '10', filters: { action: 'sd_test' } }));
    expect(first.totalRow).toBe(25);
    expect(first.totalPage).toBe(3);
    expect(first.list.map((r) => r.target).slice(0, 2)).toEqual(['sys_user:1024', 'sys_user:1023']);
    const third = page(await list({ pageSize: '10', pageNumber: '3', filters: { action: 'sd_test' } }));
    expect(third.list).toHaveLength(5);
    expect(third.list.at(-1)!.target).toBe('sys_user:1000');
    const asc = page(await list({ pageSize: '10', column: 'time', order: 'asc', filters: { action: 'sd_test' } }));
    expect(asc.list[0]!.target).toBe('sys_user:1000');
  });

  it('filters by user, action, target and date range', async () => {
    const byUser = page(await list({ pageSize: '50', filters: { action: 'sd_test', username: 'doctor2' } }));
    expect(byUser.totalRow).toBe(12);
    expect(new Set(byUser.list.map((r) => r.username))).toEqual(new Set(['doctor2']));

    const byTarget = page(await list({ filters: { target: 'sys_user:101' } }));
    expect(byTarget.list.map((r) => r.target).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `sys_user:${1010 + i}`),
    );

    const range = page(await list({ filters: { action: 'sd_test', startDate: '2020-01-03', endDate: '2020-01-05' } }));
    expect(range.list.map((r) => r.target)).toEqual(['sys_user:1004', 'sys_user:1003', 'sys_user:1002']);

    const none = page(await list({ filters: { action: 'no_such_action' } }));
    expect(none.totalRow).toBe(0);
  });

  it('finds the sign-ins of the test run under action login', async () => {
    const r = page(await list({ filters: { action: 'login', username: 'doctor' } }));
    expect(r.totalRow).toBeGreaterThanOrEqual(1);
    expect(r.list.every((x) => x.action === 'login' && x.username.includes('doctor'))).toBe(true);
  });

  it('refuses unknown filters, bad dates and odd action codes with the field named', async () => {
    const unknown = await list({ filters: { password: 'x' } }, t.token('admin'), 'en-US');
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('filters');
    const date = await list({ filters: { startDate: '2020-13-01' } }, t.token('admin'), 'zh-CN');
    expect(date.status).toBe(400);
    expect(date.body.msg).toContain('startDate');
    const action = await list({ filters: { action: "x' or 1=1" } });
    expect(action.status).toBe(400);
    const sort = await list({ column: 'detail' });
    expect(sort.status).toBe(400);
  });

  it('never shows a password, hash or token, whether written by auditChange or by a careless audit()', async () => {
    const who = { pk: doctorPk, username: 'admin' };
    // A code no module writes, so the list below holds only these two rows.
    const action = 'sd_secret' as AuditAction;
    await auditChange(t.p.deps.db, who, {
      action,
      target: 'sys_user:1',
      before: { username: 'x', password: '$2b$10$abcdef', pwd_hash: 'h1' },
      after: { username: 'y', password: '$2b$10$ghijkl', pwd_hash: 'h2' },
    });
    await audit(t.p.deps.db, {
      action,
      username: 'admin',
      detail: { token: 'tok-123', nested: { password: 'Plain@123', keep: 1 }, list: [{ aes_key: 'k' }] },
    });
    const r = await list({ filters: { action: 'sd_secret' } });
    expect(r.status).toBe(200);
    expect(page(r).totalRow).toBe(2);
    for (const secret of [
      '$2b$10$',
      'h1',
      'h2',
      'tok-123',
      'Plain@123',
      '"k"',
      'password',
      'hash',
      'token',
      'aes_key',
    ]) {
      expect(r.text).not.toContain(secret);
    }
    expect(r.text).toContain('"keep":1');
    const change = page(r).list.find((x) => x.detail && 'before' in x.detail)!;
    expect(change.detail).toEqual({ before: { username: 'x' }, after: { username: 'y' } });
  });

  it("shows an administrator's password reset with before and after, never the hash nor the one-time password", async () => {
    const register = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'register'));
    const reset = await call(t.p.app, 'POST', '/user/resetPassword', {
      token: t.token('admin'),
      json: { pk: register[0]!.pk },
    });
    expect(reset.status).toBe(200);
    const oneTime = (reset.body.data as { password: string }).password;
    const [after] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'register'));
    const r = await list({ filters: { action: 'user_reset_password' } });
    const row = page(r).list[0]!;
    expect(row).toMatchObject({ username: 'admin', target: `sys_user:${after!.pk}` });
    expect(row.detail).toMatchObject({ before: { username: 'register' }, after: { username: 'register' } });
    for (const secret of [register[0]!.password_hash, after!.password_hash, oneTime, 'password_hash']) {
      expect(r.text).not.toContain(secret);
    }
  });

  it('is for sys:audit only: 401 without a session, 403 for a doctor, nothing written', async () => {
    const before = await t.p.deps.db.$count(auditLog);
    expect((await call(t.p.app, 'GET', '/audit/list')).status).toBe(401);
    expect((await list({}, t.token('doctor'))).status).toBe(403);
    expect((await call(t.p.app, 'GET', '/audit/exportXls', { token: t.token('doctor') })).status).toBe(403);
    expect(await t.p.deps.db.$count(auditLog)).toBe(before);
  });

  it("shows a non-super holder of sys:audit only the rows of its own hospital's users", async () => {
    const [perm] = await t.p.deps.db
      .select({ pk: permission.pk })
      .from(permission)
      .where(eq(permission.perms, PERMISSIONS.SYS_AUDIT));
    const [hadminRole] = await t.p.deps.db.select({ pk: role.pk }).from(role).where(eq(role.code, 'hospital_admin'));
    await t.p.deps.db.insert(rolePermission).values({ role_pk: hadminRole!.pk, permission_pk: perm!.pk });
    const hadmin = await t.login('hadmin');
    const r = page(await list({ pageSize: '50', filters: { action: 'sd_test' } }, hadmin));
    expect(r.totalRow).toBe(13);
    expect(new Set(r.list.map((x) => x.username))).toEqual(new Set(['doctor']));
  });
});

describe('GET /audit/exportXls', () => {
  it('exports the filtered rows with headers in the caller language, and audits the export', async () => {
    const q = new URLSearchParams({ filters: JSON.stringify({ action: 'sd_test', username: 'doctor2' }) });
    const res = await t.p.app.request(`/audit/exportXls?${q}`, {
      headers: { authorization: `Bearer ${t.token('admin')}`, 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
    expect(sheet.rowCount).toBe(13);
    expect(sheet.getRow(2).getCell(2).value).toBe('doctor2');
    const [row] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'audit'))
      .orderBy(auditLog.pk)
      .limit(1);
    expect(row).toMatchObject({ action: 'export', username: 'admin', detail: { rows: 12 } });
  });
});
