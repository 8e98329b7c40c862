import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo } from '@shared/schemas/report';
import { layoutTemplate, layoutVersion } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'hadmin'] });
/** Not-yet-written H001 studies by modality (each test has a modality of its own, so its layouts are alone). */
const pools: Record<string, StudyRow[]> = {};
beforeAll(async () => {
  for (const modality of ['CT', 'MR']) {
    const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('doctor'),
      json: { rpt_status: [0], modalitys: [modality], pageSize: 100 },
    });
    pools[modality] = (r.body.data as { list: StudyRow[] }).list.filter((s) => s.hospital_code === 'H001');
  }
});

const req = (user: DemoUser, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json });
const layoutOf = async (s: StudyRow) =>
  ((await req('auditor', '/report/info', { study_iuid: s.study_iuid })).body.data as ReportInfo).template!;
const texts = { rpt_good_status: 1, study_desc: '胸部CT平扫', report_text1: '未见异常。', report_text2: '未见异常。' };
async function audit(s: StudyRow) {
  const info = (await req('auditor', '/report/info', { study_iuid: s.study_iuid })).body.data as ReportInfo;
  let version = info.reports[0]!.version;
  if (info.reports[0]!.rpt_status === 0) {
    const saved = await req('doctor', '/report/save', { study_iuid: s.study_iuid, version, ...texts });
    expect(saved.status, saved.text).toBe(200);
    version = (saved.body.data as { version: number }).version;
  }
  const r = await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version, ...texts });
  expect(r.status, r.text).toBe(200);
  return r.body.data as { version: number };
}
const importLayout = async (title: string, modality: string) => {
  const r = await call(t.p.app, 'POST', `/layout/importMrrt?hospital_code=H001&modality=${modality}`, {
    token: t.token('hadmin'),
    rawBody: `<html><head><title>${title}</title></head><body><section><header>${title}</header><p><textarea></textarea></p></section></body></html>`,
    headers: { 'content-type': 'text/html' },
  });
  expect(r.status, r.text).toBe(200);
  return (r.body.data as { pk: number }).pk;
};
/** Makes an imported layout live (it is a draft until then). */
const activate = async (pk: number) => {
  const r = await req('hadmin', '/layout/activate', { pk, version: 0 });
  expect(r.status, r.text).toBe(200);
};
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('an audited report keeps the layout it was audited with', () => {
  it('a layout added after the audit does not change it; one not yet audited, or audited again, gets the new one', async () => {
    const pool = pools.CT!;
    const [audited, open] = [pool.shift()!, pool.shift()!];
    const before = await layoutOf(audited);
    await audit(audited);
    await tick();
    const pk = await importLayout('CT 新版式', 'CT');
    // imported, it is a draft: no report changes until it is activated
    const openBefore = await layoutOf(open);
    expect(openBefore.pk).not.toBe(pk);
    const impact = await req('hadmin', '/layout/impact', { pk });
    const { rows } = (await t.p.deps.db.execute(
      sql`select count(*)::int n from study s left join report r on r.study_pk = s.pk and r.rpt_position = 1
          where s.hospital_code = 'H001' and s.modality = 'CT' and s.deleted_at is null
            and (r.rpt_status is null or r.rpt_status <> 2)`,
    )) as { rows: { n: number }[] };
    expect((impact.body.data as { studies: number }).studies).toBe(rows[0]!.n);
    expect(rows[0]!.n).toBeGreaterThan(1);
    await activate(pk);
    expect((await layoutOf(audited)).pk).toBe(before.pk);
    expect(await layoutOf(audited)).toEqual(before);
    expect(await layoutOf(open)).toMatchObject({ pk, name: 'CT 新版式', version: 1 });

    // cancelled, it is a report being written again: today's layout; audited again, the layout of that time
    const info = (await req('auditor', '/report/info', { study_iuid: audited.study_iuid })).body.data as ReportInfo;
    const cancel = await req('auditor', '/report/cancelAudit', {
      study_iuid: audited.study_iuid,
      version: info.reports[0]!.version,
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect((await layoutOf(audited)).pk).toBe(pk);
    await audit(audited);
    expect((await layoutOf(audited)).pk).toBe(pk);
  });

  it('a newer version or a withdrawal of its layout after the audit does not change it either', async () => {
    const pool = pools.MR!;
    const s = pool.shift()!;
    const pk = await importLayout('MR 版式', 'MR');
    await activate(pk);
    const v1 = await layoutOf(s);
    expect(v1).toMatchObject({ pk, version: 1 });
    await tick();
    await audit(s);
    await tick();
    // what the layout editor's save does: the new state in the layout and as its version 2
    const elements = [{ tag: 'textContent', uuid: 'x', text: '改过的版式' }];
    await t.p.deps.db.transaction(async (tx) => {
      await tx.update(layoutTemplate).set({ elements, version: 2 }).where(eq(layoutTemplate.pk, pk));
      await tx.insert(layoutVersion).values({
        layout_pk: pk,
        version: 2,
        hospital_code: 'H001',
        modality: 'MR',
        name: 'MR 版式',
        elements,
      });
    });
    expect(await layoutOf(s)).toEqual(v1);
    expect(await layoutOf(pool[0]!)).toMatchObject({ pk, version: 2, elements });
    await t.p.deps.db.update(layoutTemplate).set({ deleted_at: new Date() }).where(eq(layoutTemplate.pk, pk));
    expect(await layoutOf(s)).toEqual(v1);
    expect((await layoutOf(pool[0]!)).pk).not.toBe(pk);
  });
});
