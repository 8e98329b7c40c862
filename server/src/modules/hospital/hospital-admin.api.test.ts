import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HospitalRow } from '@shared/schemas/admin-org';
import { auditLog, hospital, permission, role, rolePermission } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });
beforeAll(async () => {
  // hadmin (H001) is also given sys:hospital here: a non-super holder edits only their own hospital.
  const db = t.p.deps.db;
  const [perm] = await db.select().from(permission).where(eq(permission.key, 'sysHospital'));
  const [hadminRole] = await db.select().from(role).where(eq(role.code, 'hospital_admin'));
  await db.insert(rolePermission).values({ role_pk: hadminRole!.pk, permission_pk: perm!.pk });
});

const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const bySn = async (sn: string) => (await t.p.deps.db.select().from(hospital).where(eq(hospital.sn, sn)))[0];
const listOf = (r: { body: { data?: unknown } }) => r.body.data as { list: HospitalRow[]; totalRow: number };
const lastAudit = async () => (await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1))[0];
const count = async () => Number(await t.p.deps.db.$count(hospital));
const fresh = { sn: 'H900', code: 'H900', name: '新医院', address: '中山路 1 号', qrcode_type: 1 };

describe('hospital list and export', () => {
  it('lists every hospital for the super administrator, with the keyword filter', async () => {
    const all = listOf(await post('admin', '/hospital/list', { pageNumber: 1, pageSize: 20 }));
    expect(all.list.map((h) => h.sn)).toEqual(['H001', 'H002']);
    const one = listOf(await post('admin', '/hospital/list', { filters: { keyword: '第二' } }));
    expect(one.list.map((h) => h.sn)).toEqual(['H002']);
    expect(one.totalRow).toBe(1);
  });

  it('a non-super holder of sys:hospital sees only their own hospital', async () => {
    const own = listOf(await post('hadmin', '/hospital/list', {}));
    expect(own.list.map((h) => h.sn)).toEqual(['H001']);
  });

  it('exports the list as xlsx', async () => {
    const res = await t.p.app.request('/hospital/exportXls?column=sn&order=desc', {
      headers: { authorization: `Bearer ${t.token('admin')}`, 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('SN');
    expect(sheet.getRow(2).getCell(1).value).toBe('H002');
  });
});

describe('hospital save', () => {
  it('the super administrator creates one; an audit row holds the after state', async () => {
    const r = await post('admin', '/hospital/save', fresh);
    expect(r.status, r.text).toBe(200);
    const row = (await bySn('H900'))!;
    expect(row).toMatchObject({ name: '新医院', qrcode_type: 1, is_return: 0 });
    const a = (await lastAudit())!;
    expect(a).toMatchObject({ action: 'hospital.create', target: `hospital:${row.pk}` });
    expect(a.detail).toMatchObject({ before: null, after: { sn: 'H900', name: '新医院' } });
  });

  it('updates and audits before and after', async () => {
    const row = (await bySn('H900'))!;
    const r = await post('admin', '/hospital/save', { ...fresh, pk: row.pk, name: '新医院（改）', download_limit: 5 });
    expect(r.status).toBe(200);
    expect((await bySn('H900'))!.download_limit).toBe(5);
    expect((await lastAudit())!.detail).toMatchObject({
      before: { name: '新医院', download_limit: 0 },
      after: { name: '新医院（改）', download_limit: 5 },
    });
  });

  it('sn and code are unique: 409 naming the field, nothing written', async () => {
    const n = await count();
    const sn = await post('admin', '/hospital/save', { ...fresh, sn: 'H001', code: 'H901' });
    expect(sn.status).toBe(409);
    expect(sn.body.errors).toEqual([expect.objectContaining({ field: 'sn' })]);
    const code = await post('admin', '/hospital/save', { ...fresh, sn: 'H901', code: 'H002' });
    expect(code.status).toBe(409);
    expect(code.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect(await count()).toBe(n);
  });

  it('bad input: 400 naming the field in the caller language', async () => {
    for (const [change, field] of [
      [{ name: '' }, 'name'],
      [{ qrcode_type: 3 }, 'qrcode_type'],
      [{ sn: 'H 9' }, 'sn'],
      [{ use_obs: 2 }, 'use_obs'],
      [{ region: 'abc' }, 'region'],
      [{ unknown: 1 }, ''],
    ] as const) {
      const r = await post('admin', '/hospital/save', { ...fresh, sn: 'H950', code: 'H950', ...change }, 'zh-CN');
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^参数错误/);
      if (field) expect(r.body.msg).toContain(field);
    }
    const noRegion = await post('admin', '/hospital/save', { ...fresh, sn: 'H950', code: 'H950', region: '99999' });
    expect(noRegion.status).toBe(400);
    expect(noRegion.body.errors).toEqual([{ field: 'region', msg: 'No such region' }]);
    expect(await bySn('H950')).toBeUndefined();
  });

  it('a non-super holder edits their own hospital but not its sn or code, and no other hospital', async () => {
    const h001 = (await bySn('H001'))!;
    const { pk: _pk, ...rest } = h001;
    const base = {
      pk: h001.pk,
      sn: rest.sn,
      code: rest.code,
      name: rest.name,
      title1: rest.title1,
      title2: '影像诊断报告单',
    };
    expect((await post('hadmin', '/hospital/save', base)).status).toBe(200);
    expect((await bySn('H001'))!.title2).toBe('影像诊断报告单');
    expect((await post('hadmin', '/hospital/save', { ...base, sn: 'H001X' })).status).toBe(403);
    expect((await post('hadmin', '/hospital/save', { ...base, code: 'H001X' })).status).toBe(403);
    const h002 = (await bySn('H002'))!;
    expect((await post('hadmin', '/hospital/save', { ...base, pk: h002.pk, sn: 'H002', code: 'H002' })).status).toBe(
      404,
    );
    expect((await post('hadmin', '/hospital/save', { ...fresh, sn: 'H951', code: 'H951' })).status).toBe(403);
    expect(await bySn('H951')).toBeUndefined();
    expect((await bySn('H002'))!).toEqual(h002);
  });

  it('the code of a hospital in use cannot change (studies and users hold it)', async () => {
    const h001 = (await bySn('H001'))!;
    const r = await post('admin', '/hospital/save', { pk: h001.pk, sn: 'H001', code: 'H001NEW', name: h001.name });
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/studies/);
    expect((await bySn('H001'))!.code).toBe('H001');
  });
});

describe('hospital delete', () => {
  it('a hospital with studies or users cannot be deleted: 409 naming what remains', async () => {
    const h002 = (await bySn('H002'))!;
    const r = await post('admin', '/hospital/delete', { pk: h002.pk });
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/\d+ studies, \d+ users, \d+ DICOM devices, \d+ scan items/);
    const zh = await post('admin', '/hospital/delete', { pk: h002.pk }, 'zh-CN');
    expect(zh.body.msg).toMatch(/^该医院下还有检查 \d+ 条、用户 \d+ 个/);
    expect(await bySn('H002')).toBeDefined();
  });

  it('only the super administrator deletes; an unused hospital goes, audited', async () => {
    const row = (await bySn('H900'))!;
    expect((await post('hadmin', '/hospital/delete', { pk: row.pk })).status).toBe(403);
    expect((await post('doctor', '/hospital/delete', { pk: row.pk })).status).toBe(403);
    expect((await post('admin', '/hospital/delete', { pk: row.pk })).status).toBe(200);
    expect(await bySn('H900')).toBeUndefined();
    expect((await lastAudit())!).toMatchObject({
      action: 'hospital.delete',
      detail: { before: { sn: 'H900' }, after: null },
    });
    expect((await post('admin', '/hospital/delete', { pk: row.pk })).status).toBe(404);
  });

  it('a doctor gets 403 on the list and on save, nothing changes', async () => {
    const n = await count();
    expect((await post('doctor', '/hospital/list', {})).status).toBe(403);
    expect((await post('doctor', '/hospital/save', { ...fresh, sn: 'H960', code: 'H960' })).status).toBe(403);
    expect(await count()).toBe(n);
  });
});
