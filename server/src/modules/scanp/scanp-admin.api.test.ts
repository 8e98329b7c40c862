import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { ImportResult } from '@shared/schemas/list';
import type { ScanItem } from '@shared/schemas/patient';
import type { ScanItemRow } from '@shared/schemas/scan-item';
import { auditLog, scanItem } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

// hadmin: H001 with sys:scanp; doctor: H001 without; doctor2: H002
const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'doctor2'] });

const post = (path: string, json: unknown, token = t.token('hadmin'), lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token, json, lang });
const list = async (token: string, filters: Record<string, string> = {}, extra = '') => {
  const q = new URLSearchParams({ pageSize: '100', filters: JSON.stringify(filters) });
  const r = await call(t.p.app, 'GET', `/scanp/list?${q.toString()}${extra}`, { token });
  return { ...r, page: r.body.data as Page<ScanItemRow> };
};
const allItems = () => t.p.deps.db.select().from(scanItem);
const itemOf = async (hospital: string, modality: string) =>
  (
    await t.p.deps.db
      .select()
      .from(scanItem)
      .where(and(eq(scanItem.hospital_code, hospital), eq(scanItem.modality, modality)))
  )[0]!;
const lastAudit = async () => (await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1))[0]!;
const item = (o: Record<string, unknown> = {}) => ({ description: '测试部位甲', modality: 'CT', cost: 120.5, ...o });

describe('GET /scanp/list and /scanp/exportXls', () => {
  it("a hospital administrator sees their hospital's items; the super administrator all, or one hospital's", async () => {
    const mine = await list(t.token('hadmin'));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.page.totalRow).toBeGreaterThan(0);
    expect(new Set(mine.page.list.map((r) => r.hospital_code))).toEqual(new Set(['H001']));

    const all = await list(t.token('admin'));
    expect(new Set(all.page.list.map((r) => r.hospital_code))).toEqual(new Set(['H001', 'H002']));
    const h2 = await list(t.token('admin'), { sn: 'H002' });
    expect(new Set(h2.page.list.map((r) => r.hospital_code))).toEqual(new Set(['H002']));

    expect((await list(t.token('hadmin'), { sn: 'H002' })).status).toBe(403);
    expect((await list(t.token('doctor'))).status).toBe(403);
  });

  it('filters by modality and keyword, sorts by a whitelisted column', async () => {
    const ct = await list(t.token('hadmin'), { modality: 'CT' }, '&column=cost&order=desc');
    expect(ct.page.list.every((r) => r.modality === 'CT')).toBe(true);
    const costs = ct.page.list.map((r) => r.cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const chest = await list(t.token('hadmin'), { keyword: 'chest' });
    expect(chest.page.list.length).toBeGreaterThan(0);
    expect(chest.page.list.every((r) => r.en === 'Chest')).toBe(true);
    expect((await list(t.token('hadmin'), { nope: 'x' })).status).toBe(400);
  });

  it('exports the filtered items in the import template columns', async () => {
    const res = await t.p.app.request('/scanp/exportXls?filters=' + encodeURIComponent('{"modality":"CT"}'), {
      headers: { authorization: `Bearer ${t.token('hadmin')}` },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '项目ID',
      '医院编码',
      '检查部位',
      '编码',
      '检查类型',
      '费用',
      '其他费用',
      '部位数',
      '系数',
      '自定义编码',
      '英文名',
    ]);
    const ct = await list(t.token('hadmin'), { modality: 'CT' });
    expect(ws.rowCount - 1).toBe(ct.page.totalRow);
    expect(await lastAudit()).toMatchObject({ action: 'export', target: 'scan_item' });
  });
});

describe('POST /scanp/saveScanp', () => {
  it("creates in the caller's hospital with an audit row; the description is unique within hospital and modality", async () => {
    const r = await post('/scanp/saveScanp', item({ other_price: 10, partnum: 2, coefficient: 3, en: 'Test A' }));
    expect(r.status, r.text).toBe(200);
    const created = r.body.data as ScanItemRow;
    expect(created).toMatchObject({ hospital_code: 'H001', cost: 120.5, other_price: 10, partnum: 2, coefficient: 3 });
    expect(await lastAudit()).toMatchObject({
      action: 'scanp_create',
      target: `scan_item:${created.scanp_id}`,
      username: 'hadmin',
      detail: { before: null, after: expect.objectContaining({ description: '测试部位甲', cost: '120.50' }) },
    });

    const before = (await allItems()).length;
    const dup = await post('/scanp/saveScanp', item({ cost: 1 }));
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([
      { field: 'description', msg: 'The hospital already has a body part with this description for the modality' },
    ]);
    const dupZh = await post('/scanp/saveScanp', item(), t.token('hadmin'), 'zh-CN');
    expect(dupZh.body.errors).toEqual([{ field: 'description', msg: '该医院的此检查类型下已有同名检查部位' }]);
    expect((await allItems()).length).toBe(before);

    // Another modality, or another hospital: allowed.
    expect((await post('/scanp/saveScanp', item({ modality: 'MR' }))).status).toBe(200);
    const h2 = await post('/scanp/saveScanp', item({ hospital_code: 'H002' }), t.token('admin'));
    expect(h2.body.data).toMatchObject({ hospital_code: 'H002' });
  });

  it('changes an item by scanp_id (its own description is no duplicate), audited with before and after', async () => {
    const [row] = await t.p.deps.db
      .select()
      .from(scanItem)
      .where(
        and(eq(scanItem.hospital_code, 'H001'), eq(scanItem.description, '测试部位甲'), eq(scanItem.modality, 'CT')),
      );
    const r = await post('/scanp/saveScanp', item({ scanp_id: row!.scanp_id, cost: 99.99, code: 'T-1' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ scanp_id: row!.scanp_id, cost: 99.99, code: 'T-1', hospital_code: 'H001' });
    expect(await lastAudit()).toMatchObject({
      action: 'scanp_update',
      detail: {
        before: expect.objectContaining({ cost: '120.50' }),
        after: expect.objectContaining({ cost: '99.99' }),
      },
    });
    // Renaming onto another item of the same modality is a duplicate.
    const other = await itemOf('H001', 'DR');
    const clash = await post(
      '/scanp/saveScanp',
      item({ scanp_id: row!.scanp_id, description: other.description, modality: 'DR' }),
    );
    expect(clash.status).toBe(400);
  });

  it('spec section 5: 400 naming each bad field, nothing written', async () => {
    const before = (await allItems()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'a' }, 'description'],
      [{ description: 'x'.repeat(65) }, 'description'],
      [{ description: undefined }, 'description'],
      [{ modality: 'XX' }, 'modality'],
      [{ modality: undefined }, 'modality'],
      [{ cost: 0 }, 'cost'],
      [{ cost: -5 }, 'cost'],
      [{ cost: 1.234 }, 'cost'],
      [{ cost: 'abc' }, 'cost'],
      [{ other_price: -1 }, 'other_price'],
      [{ other_price: 2.001 }, 'other_price'],
      [{ partnum: 1.5 }, 'partnum'],
      [{ partnum: 0 }, 'partnum'],
      [{ coefficient: -2 }, 'coefficient'],
      [{ unknown_field: 1 }, '(body)'],
    ];
    for (const [o, field] of cases) {
      const r = await post('/scanp/saveScanp', item({ description: '校验用部位', ...o }));
      expect(r.status, JSON.stringify(o)).toBe(400);
      expect(
        (r.body.errors as { field: string }[]).map((e) => e.field),
        JSON.stringify(o),
      ).toContain(field);
    }
    expect((await allItems()).length).toBe(before);
  });

  it("scope: another hospital's item is 404 and another hospital's code 403 for a hospital administrator; nothing written", async () => {
    const theirs = await itemOf('H002', 'CT');
    const snapshot = JSON.stringify(await allItems());
    const r = await post('/scanp/saveScanp', item({ scanp_id: theirs.scanp_id, description: '改别家的' }));
    expect(r.status).toBe(404);
    expect(r.body.data).toBeNull();
    expect((await post('/scanp/saveScanp', item({ description: '放到别家', hospital_code: 'H002' }))).status).toBe(403);
    expect((await post('/scanp/saveScanp', item({ description: '全院通用', hospital_code: '' }))).status).toBe(403);
    expect((await post('/scanp/delete', { pk: theirs.scanp_id })).status).toBe(404);
    expect(JSON.stringify(await allItems())).toBe(snapshot);
    expect((await post('/scanp/saveScanp', item({ description: '医生不能加' }), t.token('doctor'))).status).toBe(403);
  });

  it('the super administrator manages installation-wide items (hospital_code empty), and names only known hospitals', async () => {
    const r = await post('/scanp/saveScanp', item({ description: '通用部位', hospital_code: '' }), t.token('admin'));
    expect(r.status, r.text).toBe(200);
    const shared = r.body.data as ScanItemRow;
    expect(shared.hospital_code).toBe('');
    const unknown = await post(
      '/scanp/saveScanp',
      item({ description: '无此医院', hospital_code: 'H999' }),
      t.token('admin'),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'hospital_code', msg: 'No such hospital' }]);
    // A hospital administrator cannot change an installation-wide item.
    expect((await post('/scanp/saveScanp', item({ scanp_id: shared.scanp_id, description: '改通用' }))).status).toBe(
      404,
    );
  });
});

describe('the import and the form share one uniqueness rule', () => {
  it('an imported row renaming an item onto another item’s description is refused with the form’s message', async () => {
    const row = await itemOf('H001', 'CT');
    const other = (await allItems()).find(
      (x) => x.hospital_code === 'H001' && x.modality === 'CT' && x.scanp_id !== row.scanp_id,
    )!;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('items');
    ws.addRow(['scanp_id', 'description', 'modality', 'cost']);
    ws.addRow([row.scanp_id, other.description, 'CT', 10]);
    const r = await importFile(wb);
    expect(r.body).toMatchObject({ success: false, code: 400 });
    expect(r.body.data.details).toEqual([
      {
        row: 2,
        field: 'description',
        msg: 'The hospital already has a body part with this description for the modality',
      },
    ]);
  });
});

/** Uploads a workbook to /scanp/importExcel (hadmin, English unless told). */
async function importFile(wb: ExcelJS.Workbook, token = t.token('hadmin'), lang = 'en-US') {
  const form = new FormData();
  form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'items.xlsx');
  const res = await t.p.app.request('/scanp/importExcel', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; code: number; msg: string; data: ImportResult },
  };
}

/** The caller's export (every item they administer) as a workbook. */
async function exported(token = t.token('hadmin')): Promise<ExcelJS.Workbook> {
  const res = await t.p.app.request('/scanp/exportXls?lang=en-US', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

const sorted = async () => JSON.stringify(await t.p.deps.db.select().from(scanItem).orderBy(scanItem.scanp_id));

describe('export, edit, import: the export goes back in and changes the items it came from (issue 40, item 8)', () => {
  it('a changed description is updated in place: same number of items; importing twice adds nothing', async () => {
    const mine = (await list(t.token('hadmin'))).page.totalRow;
    const wb = await exported();
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount - 1).toBe(mine);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(ws.getRow(2).getCell(col('医院编码')).value).toBe('H001');
    const id = Number(ws.getRow(2).getCell(col('项目ID')).value);
    ws.getRow(2).getCell(col('检查部位')).value = '往返测试部位';

    const r = await importFile(wb);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ imported: mine, inserted: 0, updated: 1, unchanged: mine - 1, failed: 0 });
    expect(r.body.msg).toBe(`Imported ${mine}: 0 added, 1 changed, ${mine - 1} unchanged`);
    expect((await list(t.token('hadmin'))).page.totalRow).toBe(mine);
    const [changed] = await t.p.deps.db.select().from(scanItem).where(eq(scanItem.scanp_id, id));
    expect(changed).toMatchObject({ description: '往返测试部位', hospital_code: 'H001' });
    expect(await lastAudit()).toMatchObject({
      action: 'scanp_import',
      detail: {
        after: { inserted: 0, updated: 1, changes: [{ scanp_id: id, after: { description: '往返测试部位' } }] },
      },
    });

    const before = await sorted();
    const again = await importFile(wb, t.token('hadmin'), 'zh-CN');
    expect(again.body).toMatchObject({ code: 200, data: { inserted: 0, updated: 0, unchanged: mine } });
    expect(again.body.msg).toBe(`成功导入 ${mine} 条：新增 0 条，更新 0 条，未变 ${mine} 条`);
    expect(await sorted()).toBe(before);
  });

  it('a row naming another hospital is refused with its reason and nothing of the file is written', async () => {
    const wb = await exported();
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    ws.getRow(2).getCell(col('费用')).value = 777; // a good change that must not be written alone
    ws.getRow(3).getCell(col('医院编码')).value = 'H002';
    const theirs = await itemOf('H002', 'DR');
    ws.addRow([theirs.scanp_id, '', '改别家的部位', '', 'DR', 5]);
    const before = await sorted();

    const r = await importFile(wb);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, data: { imported: 0, inserted: 0, updated: 0, failed: 2 } });
    expect(r.body.msg).toBe('Nothing was imported. Rows with problems: 2; correct them as listed and import again');
    expect(r.body.data.details).toEqual([
      {
        row: 3,
        field: 'hospital_code',
        msg: "Hospital H002 is not yours (H001): another hospital's scan items cannot be imported",
      },
      {
        row: ws.rowCount,
        field: 'scanp_id',
        msg: `No scan item with ID ${theirs.scanp_id} that you administer (deleted, or another hospital's); leave the ID empty to add an item`,
      },
    ]);
    const zh = await importFile(wb, t.token('hadmin'), 'zh-CN');
    expect(zh.body.data.details[0]!.msg).toBe('医院编码 H002 不是本院（H001），不能导入其他医院的检查项目');
    expect(await sorted()).toBe(before);
  });

  it("the super administrator's export of every hospital, installation-wide items included, goes back in unchanged", async () => {
    const before = await sorted();
    const wb = await exported(t.token('admin'));
    const all = (await list(t.token('admin'))).page.totalRow;
    const r = await importFile(wb, t.token('admin'));
    expect(r.body).toMatchObject({ code: 200, data: { inserted: 0, updated: 0, unchanged: all } });
    expect(await sorted()).toBe(before);
  });
});

describe('pick lists: /scanp/queryListByIds and /scanp/getdescInfo (any signed-in caller)', () => {
  it("answers the items asked for that the caller may pick, in the order asked; another hospital's are left out", async () => {
    const mine = await itemOf('H001', 'DR');
    const theirs = await itemOf('H002', 'DR');
    const [shared] = await t.p.deps.db.select().from(scanItem).where(eq(scanItem.hospital_code, ''));
    const ids = [shared!.scanp_id, theirs.scanp_id, mine.scanp_id, 2147483647];
    const r = await post('/scanp/queryListByIds', { ids }, t.token('doctor'));
    expect((r.body.data as ScanItem[]).map((i) => i.scanp_id)).toEqual([shared!.scanp_id, mine.scanp_id]);
    const r2 = await post('/scanp/queryListByIds', { ids }, t.token('doctor2'));
    expect((r2.body.data as ScanItem[]).map((i) => i.scanp_id)).toEqual([shared!.scanp_id, theirs.scanp_id]);
    const all = await post('/scanp/queryListByIds', { ids }, t.token('admin'));
    expect((all.body.data as ScanItem[]).map((i) => i.scanp_id)).toEqual(ids.slice(0, 3));
    expect((await post('/scanp/queryListByIds', { ids: [] }, t.token('doctor'))).status).toBe(400);
  });

  it("groups the caller's descriptions by modality", async () => {
    const r = await post('/scanp/getdescInfo', {}, t.token('doctor'));
    const groups = r.body.data as { modality: string; items: { scanp_id: number; description: string }[] }[];
    const ids = groups.flatMap((g) => g.items.map((i) => i.scanp_id));
    const rows = await t.p.deps.db.select().from(scanItem);
    const visible = rows.filter((x) => x.hospital_code === 'H001' || x.hospital_code === '');
    expect(ids.sort()).toEqual(visible.map((x) => x.scanp_id).sort());
    expect(groups.find((g) => g.modality === 'CT')!.items.map((i) => i.description)).toContain('通用部位');
    const ct = await post('/scanp/getdescInfo', { modality: 'CT' }, t.token('doctor'));
    expect((ct.body.data as { modality: string }[]).map((g) => g.modality)).toEqual(['CT']);
  });
});
