import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { auditLog, hospital, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { createSession } from '../auth/session';

const t = useTestPlatform({ users: ['doctor', 'admin'] });
let nomenu: string;
beforeAll(async () => {
  const [nm] = await t.p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, 'nomenu'));
  nomenu = (await createSession(t.p.deps.db, nm!.pk, 10, { ip: '', userAgent: '' })).token;
});

async function exportXls(token: string, json: unknown, lang = 'en-US') {
  const res = await t.p.app.request('/api/order/exportXls', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return { res, buf: await res.arrayBuffer() };
}

async function sheet(buf: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function listAll(token: string, json: Record<string, unknown>) {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', { token, json: { ...json, pageSize: 500 } });
  return r.body.data as Page<StudyRow>;
}

describe('POST /api/order/exportXls', () => {
  it('exports every study the worklist query matches, in its order, paging ignored', async () => {
    const query = { modalitys: ['CT'], sort: 'patient_name asc' };
    const page = await listAll(t.token('doctor'), query);
    expect(page.totalRow).toBeGreaterThan(20);
    const { res, buf } = await exportXls(t.token('doctor'), { ...query, pageNumber: 3, pageSize: 10 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="worklist-\d{8}\.xlsx"/);
    const rows = await sheet(buf);
    expect(rows[0]).toContain('Patient ID');
    expect(rows.slice(1).map((r) => r[1])).toEqual(page.list.map((s) => s.patient_id));
    expect(rows.slice(1).every((r) => r[4] === 'CT')).toBe(true);
  });

  it("holds only the caller's hospital and writes the export to the audit log", async () => {
    const rows = await sheet((await exportXls(t.token('doctor'), { sort: 'create_time desc' }, 'zh-CN')).buf);
    expect(rows[0]?.[8]).toBe('医院');
    const [h1] = await t.p.deps.db.select({ name: hospital.name }).from(hospital).where(eq(hospital.code, 'H001'));
    expect(new Set(rows.slice(1).map((r) => r[8]))).toEqual(new Set([h1!.name]));
    const entries = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.target, 'worklist')));
    expect(entries.at(-1)?.detail).toMatchObject({ rows: rows.length - 1, filters: { sort: 'create_time desc' } });
  });

  it('answers another hospital with 403 and bad input with 400, as JSON', async () => {
    const [h2] = await t.p.deps.db.select({ sn: hospital.sn }).from(hospital).where(eq(hospital.code, 'H002'));
    const other = await exportXls(t.token('doctor'), { sn: h2!.sn });
    expect(other.res.status).toBe(403);
    const bad = await exportXls(t.token('doctor'), { sort: 'pk; drop table study' });
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(bad.buf))).toMatchObject({ success: false, error: 'VALIDATION' });
  });

  it('needs a session and order:list', async () => {
    expect((await exportXls('', {})).res.status).toBe(401);
    expect((await exportXls(nomenu, {})).res.status).toBe(403);
    expect((await exportXls(t.token('admin'), {})).res.status).toBe(200);
  });
});
