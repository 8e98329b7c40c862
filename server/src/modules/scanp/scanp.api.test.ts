import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@shared/schemas/list';
import { auditLog, permission, role, rolePermission, scanItem } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

// doctor (H001) and doctor2 (H002): report doctors, granted sys:scanp below; auditor (H001): without
const t = useTestPlatform({ users: ['doctor', 'doctor2', 'auditor'] });
beforeAll(async () => {
  const [perm] = await t.p.deps.db.select().from(permission).where(eq(permission.key, 'sysScanp'));
  const [doctorRole] = await t.p.deps.db.select().from(role).where(eq(role.code, 'report_doctor'));
  await t.p.deps.db.insert(rolePermission).values({ role_pk: doctorRole!.pk, permission_pk: perm!.pk });
});

const HEADER = [
  'description',
  'code',
  'modality',
  'cost',
  'other_price',
  'partnum',
  'coefficient',
  'custom_code',
  'en',
];

async function xlsx(rows: unknown[][], header: string[] = HEADER): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('items');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return new Blob([await wb.xlsx.writeBuffer()]);
}

async function upload(token: string, file: Blob | null, name = 'items.xlsx', lang = 'en-US') {
  const form = new FormData();
  if (file) form.set('file', file, name);
  const res = await t.p.app.request('/scanp/importExcel', {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang },
    body: form,
  });
  const body = (await res.json()) as {
    success: boolean;
    code: number;
    msg: string;
    error?: string;
    data: ImportResult;
  };
  return { status: res.status, body };
}

const itemsOf = (hospital: string, description: string) =>
  t.p.deps.db
    .select()
    .from(scanItem)
    .where(and(eq(scanItem.hospital_code, hospital), eq(scanItem.description, description)));

/** The audit rows of an action, newest first. */
const auditOf = (action: string) =>
  t.p.deps.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.pk));

describe('POST /scanp/importExcel', () => {
  it('imports every valid row into the caller’s hospital: code 200', async () => {
    const file = await xlsx([
      ['导入测试甲', 'IMP1', 'CT', 120.5, '', 2, 1, 'C1', 'Import A'],
      ['导入测试乙', '', 'MR', '80', 10.25, '', '', '', ''],
    ]);
    const r = await upload(t.token('doctor'), file);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      code: 200,
      msg: 'Imported 2: 2 added, 0 changed, 0 unchanged',
      data: { imported: 2, inserted: 2, updated: 0, unchanged: 0, failed: 0, details: [] },
    });
    const [a] = await itemsOf('H001', '导入测试甲');
    expect(a).toMatchObject({
      code: 'IMP1',
      modality: 'CT',
      cost: '120.50',
      other_price: null,
      partnum: 2,
      en: 'Import A',
    });
    const [b] = await itemsOf('H001', '导入测试乙');
    expect(b).toMatchObject({ cost: '80.00', other_price: '10.25', partnum: 1, coefficient: 1 });
    // One audit row names what the import added.
    const [trail] = await auditOf('scanp_import');
    expect(trail?.detail).toMatchObject({
      before: null,
      after: {
        hospital_code: 'H001',
        inserted: 2,
        updated: 0,
        items: [{ scanp_id: a!.scanp_id }, { scanp_id: b!.scanp_id }],
      },
    });
  });

  it('all or nothing: any refused row answers 400 listing every problem (row, field, message), nothing written', async () => {
    const file = await xlsx([
      ['导入测试丙', '', 'CT', 100, '', 1, 1, '', ''], // row 2: fine
      ['', '', 'CT', 100], // row 3: no description
      ['导入测试丁', '', 'XX', 100], // row 4: unknown modality
      ['导入测试戊', '', 'CT', 1.234], // row 5: three decimals
      ['导入测试己', '', 'CT', 100, '', 1.5], // row 6: partnum not whole
      ['导入测试丙', '', 'CT', 50], // row 7: repeats row 2 (same description and modality)
      ['导入测试甲', '', 'CT', 50], // row 8: fine, changes the H001 item of that description
      ['导入测试庚', '', 'CT', -3, '', '', 0], // row 9: negative cost, coefficient 0
      ['甲', '', 'CT', 5], // row 10: name too short
    ]);
    const before = JSON.stringify(await t.p.deps.db.select().from(scanItem).orderBy(scanItem.scanp_id));
    const r = await upload(t.token('doctor'), file);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      code: 400,
      error: 'VALIDATION',
      msg: 'Nothing was imported. Rows with problems: 7; correct them as listed and import again',
      data: { imported: 0, inserted: 0, updated: 0, failed: 7 },
    });
    const fields = r.body.data.details.map((d) => `${d.row}:${d.field}`);
    expect(fields).toEqual([
      '3:description',
      '4:modality',
      '5:cost',
      '6:partnum',
      '7:description',
      '9:cost',
      '9:coefficient',
      '10:description',
    ]);
    expect(r.body.data.details.find((d) => d.row === 7)?.msg).toBe('repeats row 2');
    expect(JSON.stringify(await t.p.deps.db.select().from(scanItem).orderBy(scanItem.scanp_id))).toBe(before);
  });

  it('a file without IDs changes the hospital’s item of the same description and modality: twice adds nothing', async () => {
    const file = await xlsx([['导入测试甲', '', 'CT', 50]], ['检查部位', '编码', '检查类型', '费用']);
    // H001 has the description; H002 not yet: added there.
    expect((await upload(t.token('doctor2'), file)).body).toMatchObject({ code: 200, data: { inserted: 1 } });
    expect(await itemsOf('H002', '导入测试甲')).toHaveLength(1);
    const again = await upload(t.token('doctor2'), file, 'items.xlsx', 'zh-CN');
    expect(again.body).toMatchObject({
      code: 200,
      msg: '成功导入 1 条：新增 0 条，更新 0 条，未变 1 条',
      data: { inserted: 0, updated: 0, unchanged: 1 },
    });
    const cheaper = await xlsx([['导入测试甲', '', 'CT', 45]], ['检查部位', '编码', '检查类型', '费用']);
    expect((await upload(t.token('doctor2'), cheaper)).body).toMatchObject({ data: { inserted: 0, updated: 1 } });
    expect(await itemsOf('H002', '导入测试甲')).toMatchObject([{ cost: '45.00' }]);
  });

  it('answers 400 and writes nothing when no row is valid', async () => {
    const before = (await t.p.deps.db.select().from(scanItem)).length;
    const r = await upload(
      t.token('doctor'),
      await xlsx([
        ['', '', 'CT', 1],
        ['导入测试辛', '', '', 1],
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, error: 'VALIDATION', data: { imported: 0, failed: 2 } });
    expect(await upload(t.token('doctor'), await xlsx([]))).toMatchObject({ status: 400 });
    expect((await t.p.deps.db.select().from(scanItem)).length).toBe(before);
  });

  it.each([
    ['a text file named .xlsx', new Blob(['description,modality\nA,CT\n']), 'items.xlsx'],
    ['an xlsx under another name', null, 'items.csv'],
    ['a zip that is no workbook', new Blob([Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]), 'items.xlsx'],
  ])('refuses %s with 400 and writes nothing', async (_, blob, name) => {
    const before = (await t.p.deps.db.select().from(scanItem)).length;
    const file = blob ?? (await xlsx([['导入测试壬', '', 'CT', 1]]));
    const r = await upload(t.token('doctor'), file, name);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'VALIDATION', msg: 'Upload an Excel file in .xlsx format' });
    expect((await t.p.deps.db.select().from(scanItem)).length).toBe(before);
  });

  it('answers 400 without a file', async () => {
    expect(await upload(t.token('doctor'), null)).toMatchObject({ status: 400, body: { error: 'VALIDATION' } });
  });

  it('takes files over the global 1 MiB limit, up to its own 5 MiB', async () => {
    const big = new Blob([new Uint8Array(2 * 1024 * 1024)]);
    expect((await upload(t.token('doctor'), big)).body).toMatchObject({ error: 'VALIDATION' });
    const huge = await upload(t.token('doctor'), new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, code: 413, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('needs a session and sys:scanp', async () => {
    const file = await xlsx([['导入测试癸', '', 'CT', 1]]);
    expect((await upload('', file)).status).toBe(401);
    expect((await upload(t.token('auditor'), file)).status).toBe(403);
    expect(await itemsOf('H001', '导入测试癸')).toHaveLength(0);
  });
});

describe('scan item delete and batch delete (the generic contract)', () => {
  const add = async (hospital_code: string, description: string) => {
    const [row] = await t.p.deps.db
      .insert(scanItem)
      .values({ hospital_code, description, modality: 'CT' })
      .returning({ pk: scanItem.scanp_id });
    return row!.pk;
  };
  const exists = async (pk: number) =>
    (await t.p.deps.db.select().from(scanItem).where(eq(scanItem.scanp_id, pk))).length === 1;

  it("deletes one of the caller's hospital by pk; another hospital's is not found and stays", async () => {
    const own = await add('H001', '删除测试甲');
    const other = await add('H002', '删除测试甲');
    const r = await call(t.p.app, 'POST', '/scanp/delete', { token: t.token('doctor'), json: { pk: own } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deleted: 1 });
    expect(await exists(own)).toBe(false);
    const [trail] = await auditOf('scanp_delete');
    expect(trail).toMatchObject({ target: `scan_item:${own}`, username: 'doctor' });
    expect(trail?.detail).toMatchObject({ before: { scanp_id: own, description: '删除测试甲' }, after: null });
    const refused = await call(t.p.app, 'POST', '/scanp/delete', { token: t.token('doctor'), json: { pk: other } });
    expect(refused.status).toBe(404);
    expect(await exists(other)).toBe(true);
    expect((await call(t.p.app, 'POST', '/scanp/delete', { token: t.token('doctor'), json: { pk: own } })).status).toBe(
      404,
    );
  });

  it('batch delete takes comma-joined ids and deletes only those in scope', async () => {
    const a = await add('H001', '删除测试乙');
    const b = await add('H001', '删除测试丙');
    const other = await add('H002', '删除测试乙');
    const ids = `${a}, ${b},${other},abc,99999999999`;
    const r = await call(t.p.app, 'POST', '/scanp/deleteBatch', { token: t.token('doctor'), json: { ids } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deleted: 2 });
    expect([await exists(a), await exists(b), await exists(other)]).toEqual([false, false, true]);
    const trail = await auditOf('scanp_delete');
    expect(
      trail
        .slice(0, 2)
        .map((x) => x.target)
        .sort(),
    ).toEqual([`scan_item:${a}`, `scan_item:${b}`].sort());
    expect(
      (await call(t.p.app, 'POST', '/scanp/deleteBatch', { token: t.token('doctor2'), json: { ids: `${other}` } })).body
        .data,
    ).toEqual({ deleted: 1 });
  });

  it('needs sys:scanp, and a valid pk or ids', async () => {
    const pk = await add('H001', '删除测试丁');
    expect((await call(t.p.app, 'POST', '/scanp/delete', { token: t.token('auditor'), json: { pk } })).status).toBe(
      403,
    );
    expect(
      (await call(t.p.app, 'POST', '/scanp/deleteBatch', { token: t.token('auditor'), json: { ids: `${pk}` } })).status,
    ).toBe(403);
    for (const json of [{ pk: 0 }, { pk: 'x' }, { pk: 2 ** 31 }, {}]) {
      expect((await call(t.p.app, 'POST', '/scanp/delete', { token: t.token('doctor'), json })).status).toBe(400);
    }
    expect(
      (await call(t.p.app, 'POST', '/scanp/deleteBatch', { token: t.token('doctor'), json: { ids: '' } })).status,
    ).toBe(400);
    expect(await exists(pk)).toBe(true);
  });
});
