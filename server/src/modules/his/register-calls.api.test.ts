import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HisOrderData, HisOrderRow } from '@shared/schemas/his';
import { auditLog, hisOrder, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { applyEvent, type OrderSource } from './order-store';

/** The spec's HIS calls on the order store: queryRegisterList and syncRegisterInfo, in the caller's hospitals. */
const t = useTestPlatform({ users: ['register', 'admin', 'doctor'] });
const post = (user: 'register' | 'admin' | 'doctor', path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });

const order = (placer: string, o: Partial<HisOrderData> = {}): HisOrderData => ({
  placer_no: placer,
  accession_no: `A-${placer}`,
  study_iuid: '',
  patient: { id: `P-${placer}`, name: '孙七', sex: 'F', birth_date: '19700101', phone: '', card_no: `C-${placer}` },
  patient_type: 1,
  department: '门诊',
  bed_no: '',
  modality: 'DR',
  procedure_code: 'DR01',
  study_desc: '胸部正位',
  scheduled_at: new Date(2026, 10, 28, 9).toISOString(),
  sq_doctor: '周医生',
  diagnosis: '',
  price: '',
  ...o,
});
const place = (hospital: string, o: HisOrderData, action: 'new' | 'cancel' = 'new') => {
  const src: OrderSource = {
    source: 'hl7',
    hospital_code: hospital,
    who: 'HIS:test',
    message_id: o.placer_no,
    now: new Date(),
  };
  return applyEvent(t.p.deps, src, { kind: 'order', action, order: o });
};
const pkOf = async (placer: string) =>
  (await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.placer_no, placer)))[0]!.pk;

beforeAll(async () => {
  await place('H001', order('R1'));
  await place('H001', order('R2', { modality: 'CT' }));
  await place('H001', order('R3'));
  await place('H001', order('R3'), 'cancel');
  await place('H002', order('R9'));
});

describe('POST /api/order/queryRegisterList', () => {
  it("lists the caller's hospital's HIS orders, newest first, by keyword and status, paged", async () => {
    const mine = await post('register', '/api/order/queryRegisterList', { pageSize: 10 });
    expect(mine.status).toBe(200);
    const page = mine.body.data as { list: HisOrderRow[]; totalRow: number };
    expect(page.list.map((o) => o.placer_no)).toEqual(['R3', 'R2', 'R1']);
    expect(page.totalRow).toBe(3);
    expect(page.list[1]).toMatchObject({ patient_name: '孙七', modality: 'CT', status: 'scheduled', source: 'hl7' });
    expect(page.list[1]!.study_iuid).toMatch(/^2\.25\./);
    const byCard = await post('register', '/api/order/queryRegisterList', { keyword: 'C-R2' });
    expect((byCard.body.data as { list: HisOrderRow[] }).list.map((o) => o.placer_no)).toEqual(['R2']);
    const cancelled = await post('register', '/api/order/queryRegisterList', { status: 'cancelled' });
    expect((cancelled.body.data as { list: HisOrderRow[] }).list.map((o) => o.placer_no)).toEqual(['R3']);
    const second = await post('register', '/api/order/queryRegisterList', { pageSize: 2, pageNumber: 2 });
    expect((second.body.data as { list: HisOrderRow[] }).list.map((o) => o.placer_no)).toEqual(['R1']);
    const all = await post('admin', '/api/order/queryRegisterList', {});
    expect((all.body.data as { totalRow: number }).totalRow).toBe(4);
  });

  it('refuses another hospital by sn, a role without the registration desk, and bad input', async () => {
    expect((await post('register', '/api/order/queryRegisterList', { sn: 'H002' })).status).toBe(403);
    expect((await post('doctor', '/api/order/queryRegisterList', {})).status).toBe(403);
    const bad = await post('register', '/api/order/queryRegisterList', { pageSize: 0, status: 'lost' }, 'zh-CN');
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['pageSize', 'status']);
  });
});

describe('POST /api/order/syncRegisterInfo', () => {
  it("takes the HIS's details again over the desk's edits; leaves cancelled and performed orders, saying why", async () => {
    const r1 = await pkOf('R1');
    const [o1] = await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.pk, r1));
    await t.p.deps.db.update(study).set({ patient_name: '错名', modality: 'CT' }).where(eq(study.pk, o1!.study_pk!));
    const r2 = await pkOf('R2');
    const [o2] = await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.pk, r2));
    await t.p.deps.db.update(report).set({ rpt_status: 1 }).where(eq(report.study_pk, o2!.study_pk!));
    const r3 = await pkOf('R3');
    const done = await post('register', '/api/order/syncRegisterInfo', { pks: [r1, r2, r3] }, 'zh-CN');
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toEqual([
      { pk: r1, ok: true, study_iuid: expect.stringMatching(/^2\.25\./), reason: '' },
      { pk: r2, ok: false, study_iuid: null, reason: '该申请单已检查（有影像或报告），不能再按 HIS 的信息更新' },
      { pk: r3, ok: false, study_iuid: null, reason: 'HIS 已撤销该申请单' },
    ]);
    const [s1] = await t.p.deps.db.select().from(study).where(eq(study.pk, o1!.study_pk!));
    expect(s1).toMatchObject({ patient_name: '孙七', modality: 'DR' });
    const [trail] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'his.order_change'), eq(auditLog.target, `study:${s1!.pk}`)));
    expect(trail).toMatchObject({ username: 'register', user_pk: expect.any(Number) });
  });

  it("brings back a study deleted at the desk; another hospital's order is 404 and nothing changes", async () => {
    const r1 = await pkOf('R1');
    const [o1] = await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.pk, r1));
    await t.p.deps.db.update(study).set({ is_del: 1, deleted_at: new Date() }).where(eq(study.pk, o1!.study_pk!));
    expect((await post('register', '/api/order/syncRegisterInfo', { pks: [r1] })).body.data).toEqual([
      expect.objectContaining({ ok: true }),
    ]);
    expect((await t.p.deps.db.select().from(study).where(eq(study.pk, o1!.study_pk!)))[0]).toMatchObject({ is_del: 0 });
    const r9 = await pkOf('R9');
    await t.p.deps.db.update(study).set({ patient_name: '他院' }).where(eq(study.accession_no, 'A-R9'));
    expect((await post('register', '/api/order/syncRegisterInfo', { pks: [r1, r9] })).status).toBe(404);
    expect((await t.p.deps.db.select().from(study).where(eq(study.accession_no, 'A-R9')))[0]).toMatchObject({
      patient_name: '他院',
    });
    expect((await post('register', '/api/order/syncRegisterInfo', { pks: [] })).status).toBe(400);
  });

  it("says in the user's language why an order's accession number can no longer be taken", async () => {
    await place('H001', order('R20'));
    const r20 = await pkOf('R20');
    // the desk gave the accession number to another study meanwhile
    await t.p.deps.db.update(study).set({ accession_no: 'A-R20-desk' }).where(eq(study.accession_no, 'A-R20'));
    const [other] = await t.p.deps.db.select().from(study).where(eq(study.accession_no, 'A-R1'));
    await t.p.deps.db.update(study).set({ accession_no: 'A-R20' }).where(eq(study.pk, other!.pk));
    await t.p.deps.db.update(hisOrder).set({ accession_no: '' }).where(eq(hisOrder.pk, r20));
    const done = await post('register', '/api/order/syncRegisterInfo', { pks: [r20] }, 'zh-CN');
    expect(done.body.data).toEqual([{ pk: r20, ok: false, study_iuid: null, reason: '检查号 A-R20 已被另一检查使用' }]);
  });
});
