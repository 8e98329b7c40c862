import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { ScanItemRow } from '@shared/schemas/scan-item';
import { scanItem } from '../db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin'] });

beforeAll(async () => {
  const rows = ['abzq_', 'zq_ab', 'azq_b', 'zqxab'].map((description) => ({
    description,
    modality: 'CT',
    hospital_code: 'H001',
  }));
  await t.p.deps.db.insert(scanItem).values(rows);
});

type Cond = { field: string; rule: string; val?: unknown };
/** GET /scanp/list (a generic list) with an advanced query. */
async function scan(token: string, conds: Cond[] | string, extra: Record<string, string> = {}, lang?: string) {
  const q = new URLSearchParams({
    pageSize: '500',
    superQueryParams: typeof conds === 'string' ? conds : JSON.stringify(conds),
    ...extra,
  });
  const r = await call(t.p.app, 'GET', `/scanp/list?${q.toString()}`, { token, lang });
  return { ...r, page: r.body.data as Page<ScanItemRow> };
}
/** POST /user/findByPage (a generic list with integer and date columns). */
async function users(token: string, conds: Cond[], lang?: string) {
  const json = { pageSize: 500, superQueryParams: JSON.stringify(conds) };
  const r = await call(t.p.app, 'POST', '/user/findByPage', { token, json, lang });
  return { ...r, page: r.body.data as Page<{ username: string; status: number; create_time: string }> };
}

describe('superQueryParams on the generic list', () => {
  it('narrows by the conditions: eq, ne, like, left_like, right_like, in, gt on a number', async () => {
    const all = (await scan(t.token('hadmin'), [])).page.list;
    expect(all.length).toBeGreaterThan(2);
    const ct = await scan(t.token('hadmin'), [{ field: 'modality', rule: 'eq', val: 'CT' }]);
    expect(ct.status, ct.text).toBe(200);
    expect(ct.page.totalRow).toBe(all.filter((r) => r.modality === 'CT').length);
    expect(ct.page.list.every((r) => r.modality === 'CT')).toBe(true);

    const notCt = await scan(t.token('hadmin'), [{ field: 'modality', rule: 'ne', val: 'CT' }]);
    expect(notCt.page.totalRow + ct.page.totalRow).toBe(all.length);

    const some = all[0]!.description;
    const mid = some.slice(1, 3);
    const like = await scan(t.token('hadmin'), [{ field: 'description', rule: 'like', val: mid }]);
    expect(like.page.list.map((r) => r.description)).toEqual(
      expect.arrayContaining(all.filter((r) => r.description.includes(mid)).map((r) => r.description)),
    );
    expect(like.page.list.every((r) => r.description.toLowerCase().includes(mid.toLowerCase()))).toBe(true);
    // "ends with" and "starts with" differ from "contains" (and _ is literal)
    const ends = await scan(t.token('hadmin'), [{ field: 'description', rule: 'left_like', val: 'zq_' }]);
    expect(ends.page.list.map((r) => r.description).toSorted()).toEqual(['abzq_']);
    const starts = await scan(t.token('hadmin'), [{ field: 'description', rule: 'right_like', val: 'ZQ_' }]);
    expect(starts.page.list.map((r) => r.description).toSorted()).toEqual(['zq_ab']);
    const inside = await scan(t.token('hadmin'), [{ field: 'description', rule: 'like', val: 'zq_' }]);
    expect(inside.page.list.map((r) => r.description).toSorted()).toEqual(['abzq_', 'azq_b', 'zq_ab']);

    const inList = await scan(t.token('hadmin'), [{ field: 'modality', rule: 'in', val: 'CT,MR' }]);
    expect(inList.page.totalRow).toBe(all.filter((r) => r.modality === 'CT' || r.modality === 'MR').length);
    const asArray = await scan(t.token('hadmin'), [{ field: 'modality', rule: 'in', val: ['CT', 'MR'] }]);
    expect(asArray.page.totalRow).toBe(inList.page.totalRow);

    const dear = await scan(t.token('hadmin'), [{ field: 'cost', rule: 'gt', val: '100' }]);
    expect(dear.status, dear.text).toBe(200);
    expect(dear.page.list.every((r) => Number(r.cost) > 100)).toBe(true);
    expect(dear.page.totalRow).toBe(all.filter((r) => Number(r.cost) > 100).length);
  });

  it('joins conditions with and by default, with or when superQueryMatchType is or', async () => {
    const both = [
      { field: 'modality', rule: 'eq', val: 'CT' },
      { field: 'modality', rule: 'eq', val: 'MR' },
    ];
    expect((await scan(t.token('hadmin'), both)).page.totalRow).toBe(0);
    const either = await scan(t.token('hadmin'), both, { superQueryMatchType: 'or' });
    const inList = await scan(t.token('hadmin'), [{ field: 'modality', rule: 'in', val: 'CT,MR' }]);
    expect(either.page.totalRow).toBe(inList.page.totalRow);
    expect(either.page.totalRow).toBeGreaterThan(0);
  });

  it('keeps the list’s hospital scope: an or over another hospital’s rows finds none of them', async () => {
    const cond = [
      { field: 'hospital_code', rule: 'eq', val: 'H002' },
      { field: 'modality', rule: 'eq', val: 'CT' },
    ];
    const mine = await scan(t.token('hadmin'), cond, { superQueryMatchType: 'or' });
    expect(mine.page.totalRow).toBeGreaterThan(0);
    expect(new Set(mine.page.list.map((r) => r.hospital_code))).toEqual(new Set(['H001']));
    const admin = await scan(t.token('admin'), [cond[0]!]);
    expect(new Set(admin.page.list.map((r) => r.hospital_code))).toEqual(new Set(['H002']));
  });

  it('takes JeecgBoot’s URI-encoded text, and an empty query as none', async () => {
    const text = encodeURI(JSON.stringify([{ field: 'modality', rule: 'eq', val: 'CT', type: 'string' }]));
    const r = await scan(t.token('hadmin'), text);
    expect(r.status, r.text).toBe(200);
    expect(r.page.list.every((x) => x.modality === 'CT')).toBe(true);
    const none = await scan(t.token('hadmin'), '');
    expect(none.page.totalRow).toBe((await scan(t.token('hadmin'), [])).page.totalRow);
  });

  it('compares integers and whole days on integer and date columns', async () => {
    const active = await users(t.token('admin'), [{ field: 'status', rule: 'eq', val: 1 }]);
    expect(active.status, active.text).toBe(200);
    expect(active.page.list.every((u) => u.status === 1)).toBe(true);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const made = await users(t.token('admin'), [{ field: 'create_time', rule: 'le', val: day }]);
    expect(made.page.totalRow).toBe((await users(t.token('admin'), [])).page.totalRow);
    const future = await users(t.token('admin'), [{ field: 'create_time', rule: 'gt', val: day }]);
    expect(future.page.totalRow).toBe(0);
  });

  it.each([
    ['text that is not JSON', '[{', ''],
    ['a JSON object instead of an array', '{"field":"modality"}', ''],
    ['a field the list does not have', [{ field: 'password_hash', rule: 'eq', val: 'x' }], 'field'],
    ['a column that is not sortable (SQL)', [{ field: 'en', rule: 'eq', val: 'x' }], 'field'],
    ['an unknown rule', [{ field: 'modality', rule: 'regex', val: '.*' }], 'rule'],
    ['like on a number', [{ field: 'cost', rule: 'like', val: '1' }], 'rule'],
    ['a number that is not one', [{ field: 'cost', rule: 'gt', val: 'cheap' }], 'val'],
    ['a missing value', [{ field: 'modality', rule: 'eq' }], 'val'],
    ['more than 20 conditions', Array.from({ length: 21 }, () => ({ field: 'modality', rule: 'eq', val: 'CT' })), ''],
    ['an unknown match type', [], 'superQueryMatchType'],
  ])('answers 400 in the caller’s language for %s', async (name, conds, part) => {
    const extra: Record<string, string> = name === 'an unknown match type' ? { superQueryMatchType: 'xor' } : {};
    for (const lang of ['en-US', 'zh-CN']) {
      const r = await scan(t.token('hadmin'), conds as Cond[] | string, extra, lang);
      expect(r.status, r.text).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 400, error: 'VALIDATION' });
      const fields = (r.body as unknown as { errors: { field: string; msg: string }[] }).errors;
      expect(fields.map((e) => e.field).join(' ')).toContain(
        part === 'superQueryMatchType' ? part : 'superQueryParams',
      );
      if (part && part !== 'superQueryMatchType') expect(fields.map((e) => e.field).join(' ')).toContain(part);
      if (lang === 'zh-CN' && part !== 'superQueryMatchType') expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('refuses an integer out of its column’s range and a date that is not one (400, not 500)', async () => {
    for (const cond of [
      { field: 'status', rule: 'eq', val: '99999999999' },
      { field: 'create_time', rule: 'eq', val: '2026-02-30x' },
      { field: 'create_time', rule: 'like', val: '2026' },
    ]) {
      const r = await users(t.token('admin'), [cond]);
      expect(r.status, `${JSON.stringify(cond)} ${r.text}`).toBe(400);
      // refused by the schema, naming the condition, not by the database
      const fields = (r.body as unknown as { errors?: { field: string }[] }).errors ?? [];
      expect(fields.map((e) => e.field).join(' ')).toMatch(/superQueryParams\.0\.(val|rule)/);
    }
  });
});
