import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisterWriteReport } from '@shared/schemas/order-calls';
import type { Registration } from '@shared/schemas/queue';
import { study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'register', 'doctor2'] });
const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
let seq = 0;
async function registered(modality = 'CT'): Promise<Registration> {
  const r = await post('register', '/register/save', {
    hospital_code: 'H001',
    pat_id: `WR${++seq}`,
    pat_name: '李四',
    patient_sex: 'F',
    modality,
    call_room: 'CT1',
  });
  expect(r.status, r.text).toBe(200);
  return r.body.data as Registration;
}
const writeReport = (who: DemoUser, pk: number, lang?: string) => post(who, '/register/writeReport', { pk }, lang);

beforeAll(async () => {
  const r = await post('hadmin', '/device/saveCall', {
    name: 'Hall W',
    hospital_code: 'H001',
    rooms: [{ room_name: 'CT1' }],
  });
  expect(r.status, r.text).toBe(200);
});

describe('POST /register/writeReport', () => {
  it('answers the study to open once the patient is called, checking or complete', async () => {
    const a = await registered();
    expect((await post('doctor', '/register/callNumber', { pk: a.pk })).status).toBe(200);
    for (const step of ['', '/register/checking', '/register/completeInspection']) {
      if (step) expect((await post('doctor', step, { pk: a.pk })).status).toBe(200);
      const r = await writeReport('doctor', a.pk);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data as RegisterWriteReport).toMatchObject({
        pk: a.pk,
        study_pk: a.study_pk,
        study_iuid: a.study_iuid,
        accession_no: a.accession_no,
        rpt_status: 0,
      });
    }
    expect(((await writeReport('doctor', a.pk)).body.data as RegisterWriteReport).state).toBe('completed');
  });

  it('answers 409 QUEUE_STATE, in the caller’s language, before the patient is called in or after they left', async () => {
    const a = await registered();
    const waiting = await writeReport('doctor', a.pk, 'zh-CN');
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ success: false, error: 'QUEUE_STATE' });
    expect(waiting.body.msg).toContain('已取号');
    expect((await post('register', '/register/abandon', { pk: a.pk })).status).toBe(200);
    const gone = await writeReport('doctor', a.pk);
    expect(gone.status).toBe(409);
    expect(gone.body.msg).toContain('abandoned');
  });

  it('answers 404 for another hospital’s, a deleted or an unknown registration, and outside data2', async () => {
    const a = await registered();
    expect((await post('doctor', '/register/callNumber', { pk: a.pk })).status).toBe(200);
    expect((await writeReport('doctor2', a.pk)).status).toBe(404);
    expect((await writeReport('doctor', 2_147_483_647)).status).toBe(404);
    await t.p.deps.db
      .update(sysUser)
      .set({ data2: ['US'] })
      .where(eq(sysUser.username, 'doctor'));
    try {
      expect((await writeReport('doctor', a.pk)).status).toBe(404);
    } finally {
      await t.p.deps.db.update(sysUser).set({ data2: [] }).where(eq(sysUser.username, 'doctor'));
    }
    await t.p.deps.db.update(study).set({ is_del: 1 }).where(eq(study.pk, a.study_pk));
    expect((await writeReport('doctor', a.pk)).status).toBe(404);
    expect((await writeReport('admin', a.pk)).status).toBe(404);
  });

  it('needs the report screen’s permission: registration staff 403; a bad pk 400', async () => {
    const a = await registered();
    const r = await writeReport('register', a.pk);
    expect(r.status).toBe(403);
    expect((await post('doctor', '/register/writeReport', { pk: 0 })).status).toBe(400);
    expect((await post('doctor', '/register/writeReport', { pk: 'x' }, 'zh-CN')).body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
