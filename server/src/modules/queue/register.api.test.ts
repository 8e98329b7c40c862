import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_STATES, QUEUE_TRANSITIONS, type QueueAction, type Registration } from '@shared/schemas/queue';
import { Dataset } from '../dicom/dimse';
import { findWorklist } from '../dicom/mwl';
import { IMPLICIT_LE } from '../dicom/syntaxes';
import { auditLog, registration, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'register', 'doctor2', 'auditor'] });
const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const reg = (r: { body: { data?: unknown } }) => r.body.data as Registration;
const countRows = async () => ({
  reg: Number(await t.p.deps.db.$count(registration)),
  study: Number(await t.p.deps.db.$count(study)),
  audit: Number(await t.p.deps.db.$count(auditLog)),
});
let seq = 0;
const patient = (o: Record<string, unknown> = {}) => ({
  hospital_code: 'H001',
  pat_id: `QP${++seq}`,
  pat_name: '张三丰',
  patient_sex: 'M',
  modality: 'CT',
  call_room: 'CT1',
  ...o,
});

beforeAll(async () => {
  const r = await post('hadmin', '/device/saveCall', {
    name: 'Hall A',
    hospital_code: 'H001',
    rooms: [{ room_name: 'CT1' }, { room_name: 'CT2' }],
  });
  expect(r.status).toBe(200);
});

describe('register', () => {
  it('answers pk, call_no and state, creates the scheduled study (report position 1) and audits', async () => {
    const r = await post('register', '/register/save', patient({ pat_id: 'QFIRST', accession_no: '' }));
    expect(r.status).toBe(200);
    const a = reg(r);
    expect(a).toMatchObject({ state: 'number_taken', call_room: 'CT1', pat_name: '张三丰', hospital_code: 'H001' });
    expect(a.call_no).toBeGreaterThan(0);
    const [s] = await t.p.deps.db.select().from(study).where(eq(study.pk, a.study_pk));
    expect(s).toMatchObject({ hospital_code: 'H001', patient_id: 'QFIRST', modality: 'CT', file_count: 0, is_del: 0 });
    expect(s!.accession_no).toMatch(/^Q\d{8}\d{6}$/);
    const reports = await t.p.deps.db.select().from(report).where(eq(report.study_pk, a.study_pk));
    expect(reports.map((x) => x.rpt_position)).toEqual([1]);
    const [audit] = await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1);
    expect(audit).toMatchObject({ action: 'queue.register', target: `registration:${a.pk}` });
    // The modality worklist serves it to the hospital's modalities.
    const ds = await findWorklist(t.p.deps, new Dataset({ PatientID: 'QFIRST' }, IMPLICIT_LE), 'CT1', 'H001');
    expect(ds.length).toBe(1);
    expect(await findWorklist(t.p.deps, new Dataset({ PatientID: 'QFIRST' }, IMPLICIT_LE), 'CT1', 'H002')).toEqual([]);
  });

  it('numbers per room from 1 without duplicates when desks register at once', async () => {
    const room = 'CT2';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post('register', '/register/save', patient({ call_room: room }))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const nos = answers.map((r) => reg(r).call_no!).sort((x, y) => x - y);
    expect(nos).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('registers without a room (registered), then takes a number', async () => {
    const a = reg(await post('register', '/register/save', patient({ call_room: undefined })));
    expect(a).toMatchObject({ state: 'registered', call_no: null });
    const b = reg(await post('register', '/register/callNo', { pk: a.pk, call_room: 'CT1' }));
    expect(b).toMatchObject({ state: 'number_taken', call_room: 'CT1' });
  });

  it("refuses a patient already in the day's queue (409, nothing written), also once called", async () => {
    const a = reg(await post('register', '/register/save', patient({ pat_id: 'QDUP' })));
    await post('register', '/register/callNumber', { pk: a.pk });
    const before = await countRows();
    const r = await post('register', '/register/save', patient({ pat_id: 'QDUP' }), 'zh-CN');
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('QUEUE_DUPLICATE');
    expect(r.body.msg).toContain('QDUP');
    expect(r.body.msg).toContain('已呼叫');
    expect(await countRows()).toEqual(before);
  });

  it('refuses an unknown room by field (400) and a bad sex / modality', async () => {
    const r = await post('register', '/register/save', patient({ call_room: 'NOPE' }));
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[] | undefined)?.[0]?.field).toBe('call_room');
    const bad = await post('register', '/register/save', patient({ patient_sex: 'X' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('patient_sex');
  });

  it('edits a registration not yet called, and not once called', async () => {
    const a = reg(await post('register', '/register/save', patient()));
    const e = await post('register', '/register/save', {
      ...patient({ pat_id: a.pat_id }),
      pk: a.pk,
      pat_name: '李四',
    });
    expect(reg(e).pat_name).toBe('李四');
    const [s] = await t.p.deps.db.select().from(study).where(eq(study.pk, a.study_pk));
    expect(s!.patient_name).toBe('李四');
    await post('register', '/register/callNumber', { pk: a.pk });
    const late = await post('register', '/register/save', { ...patient({ pat_id: a.pat_id }), pk: a.pk });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('QUEUE_STATE');
  });

  it('picks up an existing order (study_pk) and refuses it twice', async () => {
    const [s] = await t.p.deps.db
      .insert(study)
      .values({
        study_iuid: '1.2.826.0.1.3680043.8.498.77.1',
        hospital_code: 'H001',
        patient_id: 'QORDER',
        patient_name: '王五',
        modality: 'MR',
        study_datetime: new Date(),
      })
      .returning();
    const orders = (await post('register', '/register/workList', {})).body.data as { study_pk: number }[];
    expect(orders.map((o) => o.study_pk)).toContain(s!.pk);
    const a = reg(await post('register', '/register/save', patient({ pat_id: 'QORDER', study_pk: s!.pk })));
    expect(a.study_pk).toBe(s!.pk);
    const again = await post('register', '/register/save', patient({ pat_id: 'QORDER2', study_pk: s!.pk }));
    expect(again.status).toBe(409);
    const after = (await post('register', '/register/workList', {})).body.data as { study_pk: number }[];
    expect(after.map((o) => o.study_pk)).not.toContain(s!.pk);
  });
});

/** Every action from every state: allowed ones answer 200 with the target state, the others 409 with nothing written. */
const ROUTE: Record<QueueAction, { path: string; room?: boolean }> = {
  takeNumber: { path: '/register/callNo', room: true },
  call: { path: '/register/callNumber' },
  callAgain: { path: '/register/callAgain' },
  pass: { path: '/register/pass' },
  checking: { path: '/register/checking' },
  complete: { path: '/register/completeInspection' },
  abandon: { path: '/register/abandon' },
  recover: { path: '/register/recovery' },
  referral: { path: '/register/referral', room: true },
  top: { path: '/register/topOne' },
  delete: { path: '/register/deletePatient' },
};

describe('state transitions', () => {
  for (const action of Object.keys(QUEUE_TRANSITIONS) as QueueAction[]) {
    it(`${action}: allowed only from ${QUEUE_TRANSITIONS[action].from.join(', ')}`, async () => {
      const rule = QUEUE_TRANSITIONS[action];
      for (const state of QUEUE_STATES) {
        const a = reg(await post('register', '/register/save', patient({ call_room: 'CT1' })));
        await t.p.deps.db.update(registration).set({ state }).where(eq(registration.pk, a.pk));
        const [before] = await t.p.deps.db.select().from(registration).where(eq(registration.pk, a.pk));
        const audits = Number(await t.p.deps.db.$count(auditLog));
        const r = await post('register', ROUTE[action].path, {
          pk: a.pk,
          ...(ROUTE[action].room ? { call_room: 'CT2' } : {}),
        });
        const allowed = (rule.from as readonly string[]).includes(state);
        expect(r.status, `${action} from ${state}`).toBe(allowed ? 200 : 409);
        if (allowed) {
          const row = reg(r);
          if (action === 'delete') expect(row.is_del).toBe(1);
          else expect(row.state).toBe(action === 'top' ? state : rule.to);
          expect(Number(await t.p.deps.db.$count(auditLog))).toBe(audits + 1);
        } else {
          expect(r.body.error).toBe('QUEUE_STATE');
          expect(r.body.msg).toMatch(/not possible/);
          const [after] = await t.p.deps.db.select().from(registration).where(eq(registration.pk, a.pk));
          expect(after).toEqual(before);
          expect(Number(await t.p.deps.db.$count(auditLog))).toBe(audits);
        }
        // Leave the patient out of the active queue for the next state.
        await t.p.deps.db.update(registration).set({ state: 'completed' }).where(eq(registration.pk, a.pk));
      }
    });
  }

  it('call next: topped first, then by number; 404 with nobody waiting', async () => {
    await post('admin', '/device/saveCallRoom', { hospital_code: 'H001', room_name: 'DR9' });
    const a = reg(await post('register', '/register/save', patient({ call_room: 'DR9' })));
    const b = reg(await post('register', '/register/save', patient({ call_room: 'DR9' })));
    await post('register', '/register/topOne', { pk: b.pk });
    expect(reg(await post('doctor', '/register/callNext', { call_room: 'DR9' })).pk).toBe(b.pk);
    expect(reg(await post('doctor', '/register/callNext', { call_room: 'DR9' })).pk).toBe(a.pk);
    const none = await post('doctor', '/register/callNext', { call_room: 'DR9' });
    expect(none.status).toBe(404);
  });

  it('delete takes the imageless study off the worklist; recovery brings both back', async () => {
    const a = reg(await post('register', '/register/save', patient()));
    await post('register', '/register/deletePatient', { pk: a.pk });
    const del = async () => (await t.p.deps.db.select().from(study).where(eq(study.pk, a.study_pk)))[0]!.is_del;
    expect(await del()).toBe(1);
    expect((await post('doctor', '/register/callNumber', { pk: a.pk })).status).toBe(404);
    const back = reg(await post('register', '/register/recovery', { pk: a.pk }));
    expect(back).toMatchObject({ is_del: 0, state: 'number_taken' });
    expect(await del()).toBe(0);
  });

  it('referral: a new number at the end of the other room', async () => {
    const a = reg(await post('register', '/register/save', patient({ call_room: 'CT1' })));
    const b = reg(await post('register', '/register/referral', { pk: a.pk, call_room: 'CT2' }));
    expect(b.call_room).toBe('CT2');
    const page = (await post('doctor', '/register/callPageList', { call_room: 'CT2', pageSize: 500 })).body.data as {
      list: Registration[];
    };
    expect(Math.max(...page.list.map((x) => x.call_no ?? 0))).toBe(b.call_no);
  });
});

describe('who may do what', () => {
  it('doctors call but do not register; auditors (doctors) call too; registration staff do both', async () => {
    expect((await post('doctor', '/register/save', patient())).status).toBe(403);
    const a = reg(await post('register', '/register/save', patient()));
    expect((await post('auditor', '/register/callNumber', { pk: a.pk })).status).toBe(200);
    expect((await post('hadmin', '/register/callAgain', { pk: a.pk })).status).toBe(403);
  });

  it("doctor2 of H002 gets nothing of H001's queue", async () => {
    const a = reg(await post('register', '/register/save', patient()));
    for (const path of ['/register/callNumber', '/register/pass', '/register/findRegisterDatial']) {
      expect((await post('doctor2', path, { pk: a.pk })).status, path).toBe(404);
    }
    expect((await post('doctor2', '/register/callPageList', { hospital_code: 'H001' })).status).toBe(403);
    const own = (await post('doctor2', '/register/callPageList', {})).body.data as { list: Registration[] };
    expect(own.list.every((x) => x.hospital_code === 'H002')).toBe(true);
    expect((await post('doctor2', '/register/callNext', { call_room: 'CT1' })).status).toBe(404);
    expect((await post('doctor2', '/register/countCallroom', { hospital_code: 'H001' })).status).toBe(403);
  });

  it('counts per room and in total', async () => {
    const rooms = (await post('register', '/register/countCallroom', {})).body.data as {
      call_room: string;
      total: number;
      states: Record<string, number>;
    }[];
    const ct1 = rooms.find((r) => r.call_room === 'CT1')!;
    expect(ct1.total).toBeGreaterThan(0);
    const total = (await post('register', '/register/countRegister', {})).body.data as { total: number };
    expect(total.total).toBe(rooms.reduce((s, r) => s + r.total, 0));
  });
});

describe('number segment prefix', () => {
  const segment = (v: Record<string, unknown>) => post('register', '/us/number/saveOrEdit', v);
  const detail = async (pk: number) => reg(await post('register', '/register/findRegisterDatial', { pk }));
  let segPk: number;

  beforeAll(async () => {
    for (const room of ['US-P', 'US-Q']) {
      expect((await post('hadmin', '/device/saveCallRoom', { hospital_code: 'H001', room_name: room })).status).toBe(
        200,
      );
    }
    const b = await segment({ call_room: 'US-P', prefix: 'B', start_no: 101, end_no: 199 });
    segPk = (b.body.data as { pk: number }).pk;
    expect((await segment({ call_room: 'US-Q', prefix: 'C', start_no: 201, end_no: 299 })).status).toBe(200);
  });

  it('is issued with the number on register, take-number and referral; a room without a segment has none', async () => {
    const a = reg(await post('register', '/register/save', patient({ call_room: 'US-P' })));
    expect(a).toMatchObject({ call_room: 'US-P', call_no: 101, call_prefix: 'B' });
    const b = reg(await post('register', '/register/save', patient({ call_room: undefined })));
    expect(b).toMatchObject({ state: 'registered', call_no: null, call_prefix: '' });
    expect(reg(await post('register', '/register/callNo', { pk: b.pk, call_room: 'US-P' }))).toMatchObject({
      call_no: 102,
      call_prefix: 'B',
    });
    const c = reg(await post('register', '/register/save', patient({ call_room: 'CT1' })));
    expect(c.call_prefix).toBe('');
    expect(reg(await post('register', '/register/referral', { pk: c.pk, call_room: 'US-Q' }))).toMatchObject({
      call_room: 'US-Q',
      call_no: 201,
      call_prefix: 'C',
    });
    // Referred on to a room without a segment: the old prefix goes with the old number.
    expect(reg(await post('register', '/register/referral', { pk: c.pk, call_room: 'CT1' })).call_prefix).toBe('');
    const rows = (await post('doctor', '/register/callPageList', { call_room: 'US-P', pageSize: 500 })).body.data as {
      list: Registration[];
    };
    expect(rows.list.map((r) => `${r.call_prefix}${r.call_no}`)).toEqual(['B101', 'B102']);
  });

  it('stays as issued when the segment prefix is edited later; new numbers take the new one', async () => {
    const a = reg(await post('register', '/register/save', patient({ call_room: 'US-P' })));
    expect(a.call_prefix).toBe('B');
    const edit = await segment({ pk: segPk, call_room: 'US-P', prefix: 'BX', start_no: 101, end_no: 199 });
    expect(edit.status).toBe(200);
    expect(await detail(a.pk)).toMatchObject({ call_no: a.call_no, call_prefix: 'B' });
    const n = reg(await post('register', '/register/save', patient({ call_room: 'US-P' })));
    expect(n).toMatchObject({ call_no: a.call_no! + 1, call_prefix: 'BX' });
    // Abandoned and recovered: back in the queue with the number and prefix it had.
    await post('register', '/register/abandon', { pk: a.pk });
    expect(reg(await post('register', '/register/recovery', { pk: a.pk }))).toMatchObject({
      state: 'number_taken',
      call_no: a.call_no,
      call_prefix: 'B',
    });
  });
  it('is found on the desk by the number as said, prefix included', async () => {
    const find = async (keyword: string) =>
      (
        (await post('register', '/register/findByPage', { keyword, call_room: 'US-P', pageSize: 500 })).body.data as {
          list: Registration[];
        }
      ).list.map((r) => `${r.call_prefix}${r.call_no}`);
    expect(await find('B101')).toEqual(['B101']);
    expect(await find('b101')).toEqual(['B101']);
    expect(await find('C101')).toEqual([]);
    expect(await find('101')).toEqual([]); // the number alone is another room's or a prefix-less one
  });
});
