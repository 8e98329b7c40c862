import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DictRow } from '@shared/schemas/admin-config';
import { auditLog, dict } from '../../platform/db/schema';
import { seedDicts } from '../../platform/db/seed/dicts';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'hadmin'] });

const post = (path: string, json: unknown, token = t.token('admin'), lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token, json, lang });
const count = async () => (await t.p.deps.db.select().from(dict)).length;
const lastAudit = async () => (await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1))[0]!;

describe('reading the dictionaries (any signed-in caller)', () => {
  it('lists the seeded dictionaries and the entries of one by code, sorted', async () => {
    const parents = await post('/dict/listParent', {}, t.token('doctor'));
    expect((parents.body.data as DictRow[]).map((d) => d.code)).toEqual([
      'patient_type',
      'sex',
      'age_unit',
      'department',
    ]);
    const types = await post('/dict/dictByCode', { code: 'patient_type' }, t.token('doctor'));
    expect((types.body.data as DictRow[]).map((d) => [d.value, d.name_en])).toEqual([
      ['1', 'Outpatient'],
      ['2', 'Inpatient'],
      ['3', 'Emergency'],
      ['4', 'Physical exam'],
      ['5', 'Green channel'],
      ['6', 'Other'],
    ]);
    expect((await post('/dict/dictByCode', { code: 'nothing_here' }, t.token('doctor'))).body.data).toEqual([]);
    expect((await call(t.p.app, 'POST', '/dict/listParent', { json: {} })).status).toBe(401);
  });

  it('the seed runs once: an installation that has dictionaries keeps them as they are', async () => {
    const before = await count();
    await seedDicts(t.p.deps.db);
    expect(await count()).toBe(before);
  });
});

describe('changing the dictionaries (sys:dict)', () => {
  it('adds a dictionary and entries, changes one, with audit rows; codes unique among siblings', async () => {
    const parent = await post('/dict/save', { code: 'film_size', name: '胶片尺寸', name_en: 'Film size' });
    expect(parent.status, parent.text).toBe(200);
    const parentPk = (parent.body.data as DictRow).pk;
    expect(await lastAudit()).toMatchObject({
      action: 'dict_create',
      target: `dict:${parentPk}`,
      detail: { before: null, after: expect.objectContaining({ code: 'film_size' }) },
    });
    const a = await post('/dict/save', { parent_pk: parentPk, code: '14x17', name: '14×17', sort: 2 });
    const b = await post('/dict/save', { parent_pk: parentPk, code: '8x10', name: '8×10', sort: 1 });
    expect([a.status, b.status]).toEqual([200, 200]);

    // A code of another dictionary may repeat; one of the same dictionary may not.
    expect((await post('/dict/save', { parent_pk: parentPk, code: '1', name: 'one' })).status).toBe(200);
    const dup = await post('/dict/save', { parent_pk: parentPk, code: '8x10', name: 'again' });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'code', msg: 'This code already exists' }]);
    const dupParent = await post('/dict/save', { code: 'sex', name: 'again' }, t.token('admin'), 'zh-CN');
    expect(dupParent.body.errors).toEqual([{ field: 'code', msg: '编码已存在' }]);

    const list = await post('/dict/dictByCode', { code: 'film_size' });
    expect((list.body.data as DictRow[]).map((d) => d.code)).toEqual(['1', '8x10', '14x17']);

    const bPk = (b.body.data as DictRow).pk;
    const changed = await post('/dict/save', { pk: bPk, code: '8x10', name: '8×10 英寸', sort: 5 });
    expect(changed.body.data).toMatchObject({ name: '8×10 英寸', sort: 5, parent_pk: parentPk });
    expect(await lastAudit()).toMatchObject({
      action: 'dict_update',
      detail: {
        before: expect.objectContaining({ name: '8×10' }),
        after: expect.objectContaining({ name: '8×10 英寸' }),
      },
    });
  });

  it('two levels only, and the parent cannot change', async () => {
    const [child] = await t.p.deps.db.select().from(dict).where(eq(dict.code, 'F'));
    const r = await post('/dict/save', { parent_pk: child!.pk, code: 'deeper', name: 'deeper' });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[])[0]!.field).toBe('parent_pk');
    const [department] = await t.p.deps.db.select().from(dict).where(eq(dict.code, 'department'));
    const moved = await post('/dict/save', { pk: child!.pk, parent_pk: department!.pk, code: 'F', name: '女' });
    expect(moved.status).toBe(400);
    expect((await post('/dict/save', { pk: 2147483647, code: 'x', name: 'x' })).status).toBe(404);
  });

  it('refuses to delete a dictionary that has entries; deletes an entry, then the empty dictionary', async () => {
    const [parent] = await t.p.deps.db.select().from(dict).where(eq(dict.code, 'film_size'));
    const before = await count();
    const refused = await post('/dict/delete', { pk: parent!.pk });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The dictionary still has entries and cannot be deleted');
    expect(await count()).toBe(before);

    const children = await t.p.deps.db.select().from(dict).where(eq(dict.parent_pk, parent!.pk));
    for (const c of children) expect((await post('/dict/delete', { pk: c.pk })).body.data).toEqual({ deleted: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'dict_delete', detail: { after: null } });
    expect((await post('/dict/delete', { pk: parent!.pk })).status).toBe(200);
    expect(await count()).toBe(before - children.length - 1);
    expect((await post('/dict/delete', { pk: parent!.pk })).status).toBe(404);
  });

  it('needs sys:dict: a doctor and a hospital administrator get 403 and nothing changes', async () => {
    const before = await count();
    for (const token of [t.token('doctor'), t.token('hadmin')]) {
      expect((await post('/dict/save', { code: 'x_forbidden', name: 'x' }, token)).status).toBe(403);
      expect((await post('/dict/delete', { pk: 1 }, token)).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('bad input: 400 naming the field, nothing written', async () => {
    const before = await count();
    const r = await post('/dict/save', { code: 'has space', name: '' });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['code', 'name']);
    expect(await count()).toBe(before);
  });
});
