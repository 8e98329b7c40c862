import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanItem, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'doctor2', 'hadmin'] });
let h1Item: { scanp_id: number; description: string };
beforeAll(async () => {
  await t.p.deps.db.insert(scanItem).values({ description: '仅一院的部位', modality: 'CT', hospital_code: 'H001' });
  const [row] = await t.p.deps.db
    .select({ scanp_id: scanItem.scanp_id, description: scanItem.description })
    .from(scanItem)
    .where(eq(scanItem.description, '仅一院的部位'));
  h1Item = row!;
});

const check = (token: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', '/duplicate/check', { token, json, lang });

describe('POST /duplicate/check', () => {
  it('answers success false with a message when the value is taken, true when free (both 200)', async () => {
    const taken = await check(t.token('hadmin'), { tableName: 'sys_user', fieldName: 'username', fieldVal: 'auditor' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, msg: 'This value already exists' });
    const free = await check(
      t.token('hadmin'),
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody-yet' },
      'zh',
    );
    expect(free.body).toMatchObject({ success: true, msg: '该值可以使用' });
    const code = await check(t.token('doctor'), { tableName: 'hospital', fieldName: 'code', fieldVal: 'H002' });
    expect(code.body.success).toBe(false);
  });

  it('leaves out the row being edited (pk or dataId)', async () => {
    const [auditor] = await t.p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, 'auditor'));
    const base = { tableName: 'sys_user', fieldName: 'username', fieldVal: 'auditor' };
    expect((await check(t.token('hadmin'), { ...base, pk: auditor!.pk })).body.success).toBe(true);
    expect((await check(t.token('hadmin'), { ...base, dataId: String(auditor!.pk) })).body.success).toBe(true);
    expect((await check(t.token('hadmin'), { ...base, pk: auditor!.pk + 1000 })).body.success).toBe(false);
  });

  it('answers usernames only to holders of sys:user (the user form), 403 to anyone else', async () => {
    const r = await check(t.token('doctor'), { tableName: 'sys_user', fieldName: 'username', fieldVal: 'auditor' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it("checks scan item descriptions within the caller's hospital only", async () => {
    const q = { tableName: 'scan_item', fieldName: 'description', fieldVal: h1Item.description };
    expect((await check(t.token('doctor'), q)).body.success).toBe(false);
    expect((await check(t.token('doctor2'), q)).body.success).toBe(true);
    expect((await check(t.token('doctor'), { ...q, pk: h1Item.scanp_id })).body.success).toBe(true);
  });

  it.each([
    ['a table outside the whitelist', { tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' }],
    ['an unknown table', { tableName: 'pg_user', fieldName: 'usename', fieldVal: 'postgres' }],
    ['an empty value', { tableName: 'sys_user', fieldName: 'username', fieldVal: '  ' }],
    ['a pk that is not a number', { tableName: 'sys_user', fieldName: 'username', fieldVal: 'a', pk: '1 or 1=1' }],
    ['no table', { fieldName: 'username', fieldVal: 'a' }],
  ])('answers 400 with the envelope for %s', async (_, json) => {
    const r = await check(t.token('doctor'), json);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, error: 'VALIDATION' });
  });

  it('needs a session', async () => {
    expect((await check('', { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).status).toBe(401);
  });
});
