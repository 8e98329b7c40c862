import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScanItem } from '@shared/schemas/patient';
import type { StudyDetail } from '@shared/schemas/report';
import { permission, report, role, rolePermission, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'doctor2', 'auditor'] });
let h001Study: typeof study.$inferSelect;
let ctHead: ScanItem;
let ctChest: ScanItem;

const post = (token: string, path: string, json: unknown, lang?: string) =>
  call(t.p.app, 'POST', path, { token, json, lang });
const studyNow = async (pk: number) => (await t.p.deps.db.select().from(study).where(eq(study.pk, pk)))[0]!;

beforeAll(async () => {
  const [row] = await t.p.deps.db
    .select({ s: study })
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(and(eq(study.hospital_code, 'H001'), eq(study.modality, 'CT'), eq(report.rpt_status, 0)))
    .limit(1);
  h001Study = row!.s;
  const items = (await post(t.token('doctor'), '/scanp/findModalityList', { modality: 'CT' })).body.data as ScanItem[];
  ctHead = items.find((i) => i.description === '头颅CT平扫')!;
  ctChest = items.find((i) => i.description === '胸部CT平扫')!;
});

const validEdit = () => ({
  study_iuid: h001Study.study_iuid,
  patient_id: 'P900001',
  patient_name: '测试患者',
  patient_sex: 'F',
  patient_age: '42',
  age_unit: 'Y',
  modality: 'CT',
  can_report: 1,
  select_bodys: [ctHead.scanp_id, ctChest.scanp_id],
  parts_count: '2',
  diagnosis: '头痛待查',
});

describe('POST /scanp/findModalityList', () => {
  it('lists the caller’s hospital scan items filtered by modality and keyword', async () => {
    const ct = (await post(t.token('doctor'), '/scanp/findModalityList', { modality: 'CT' })).body.data as ScanItem[];
    expect(ct.length).toBeGreaterThan(1);
    expect(ct.every((i) => i.modality === 'CT' && i.hospital_code === 'H001')).toBe(true);
    const chest = (await post(t.token('doctor'), '/scanp/findModalityList', { keyword: '胸部' })).body
      .data as ScanItem[];
    expect(chest.length).toBeGreaterThan(0);
    expect(chest.every((i) => i.description.includes('胸部'))).toBe(true);
    const other = (await post(t.token('doctor2'), '/scanp/findModalityList', { modality: 'CT' })).body
      .data as ScanItem[];
    expect(other.every((i) => i.hospital_code === 'H002')).toBe(true);
    expect(other.some((i) => i.scanp_id === ctHead.scanp_id)).toBe(false);
  });

  it('treats LIKE wildcards in the keyword as text and refuses a bad modality', async () => {
    expect((await post(t.token('doctor'), '/scanp/findModalityList', { keyword: '%' })).body.data).toEqual([]);
    const bad = await post(t.token('doctor'), '/scanp/findModalityList', { modality: 'XX' }, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION');
  });

  it('needs a session', async () => {
    expect((await call(t.p.app, 'POST', '/scanp/findModalityList', { json: {} })).status).toBe(401);
  });
});

describe('POST /patient/save', () => {
  it('saves the patient fields and turns the chosen scan items into the study description', async () => {
    const r = await post(t.token('doctor'), '/patient/save', validEdit());
    expect(r.status).toBe(200);
    const d = r.body.data as StudyDetail;
    expect(d).toMatchObject({ patient_name: '测试患者', patient_age: '42Y', parts_count: 2, diagnosis: '头痛待查' });
    expect(d.study_desc).toBe('头颅CT平扫,胸部CT平扫');
    expect(d.study_desc_value).toEqual([
      { key: String(ctHead.scanp_id), label: '头颅CT平扫' },
      { key: String(ctChest.scanp_id), label: '胸部CT平扫' },
    ]);
    expect((await studyNow(h001Study.pk)).patient_id).toBe('P900001');
  });

  it('answers bad input with field errors in the caller’s language and changes nothing', async () => {
    const before = await studyNow(h001Study.pk);
    const cases: [Record<string, unknown>, string][] = [
      [{ patient_age: '4a' }, 'patient_age'],
      [{ patient_name: '  ' }, 'patient_name'],
      [{ patient_id: '' }, 'patient_id'],
      [{ patient_sex: 'X' }, 'patient_sex'],
      [{ modality: '' }, 'modality'],
      [{ can_report: undefined }, 'can_report'],
      [{ select_bodys: [] }, 'select_bodys'],
      [{ parts_count: '21' }, 'parts_count'],
      [{ parts_count: '-1' }, 'parts_count'],
      [{ parts_count: '1.5' }, 'parts_count'],
    ];
    for (const [patch, field] of cases) {
      const r = await post(
        t.token('doctor'),
        '/patient/save',
        { ...validEdit(), patient_name: '不应保存', ...patch },
        'en-US',
      );
      expect(r.status, field).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect((r.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    }
    const zh = await post(t.token('doctor'), '/patient/save', { ...validEdit(), patient_id: '' });
    expect(zh.body.msg).toMatch(/参数错误/);
    expect(await studyNow(h001Study.pk)).toEqual(before);
  });

  it('refuses a body part of another modality or hospital', async () => {
    const before = await studyNow(h001Study.pk);
    const dr = (await post(t.token('doctor'), '/scanp/findModalityList', { modality: 'DR' })).body.data as ScanItem[];
    const h2 = (await post(t.token('doctor2'), '/scanp/findModalityList', { modality: 'CT' })).body.data as ScanItem[];
    for (const id of [dr[0]!.scanp_id, h2[0]!.scanp_id, 999_999]) {
      const r = await post(
        t.token('doctor'),
        '/patient/save',
        { ...validEdit(), patient_name: '不应保存', select_bodys: [id] },
        'en-US',
      );
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'select_bodys', msg: expect.stringMatching(/body part/) }]);
    }
    expect(await studyNow(h001Study.pk)).toEqual(before);
  });

  it('keeps doctor2 of H002 away from an H001 study', async () => {
    const before = await studyNow(h001Study.pk);
    const r = await post(t.token('doctor2'), '/patient/save', { ...validEdit(), patient_name: '越权' });
    expect(r.status).toBe(403);
    expect(await studyNow(h001Study.pk)).toEqual(before);
  });

  it('needs patorder:patinfo', async () => {
    const before = await studyNow(h001Study.pk);
    const [r] = await t.p.deps.db.select().from(role).where(eq(role.code, 'audit_doctor'));
    const [perm] = await t.p.deps.db.select().from(permission).where(eq(permission.key, 'patinfo'));
    await t.p.deps.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.role_pk, r!.pk), eq(rolePermission.permission_pk, perm!.pk)));
    try {
      const refused = await post(t.token('auditor'), '/patient/save', { ...validEdit(), patient_name: '无权限' });
      expect(refused.status).toBe(403);
      expect(await studyNow(h001Study.pk)).toEqual(before);
    } finally {
      await t.p.deps.db.insert(rolePermission).values({ role_pk: r!.pk, permission_pk: perm!.pk });
    }
    const allowed = await post(t.token('auditor'), '/patient/save', { ...validEdit(), patient_name: '审核医生改' });
    expect(allowed.status).toBe(200);
  });

  it('refuses while the study’s report is audited', async () => {
    const [audited] = await t.p.deps.db
      .select({ s: study })
      .from(study)
      .innerJoin(report, eq(report.study_pk, study.pk))
      .where(and(eq(study.hospital_code, 'H001'), eq(study.modality, 'CT'), eq(report.rpt_status, 2)))
      .limit(1);
    const before = await studyNow(audited!.s.pk);
    const r = await post(
      t.token('doctor'),
      '/patient/save',
      { ...validEdit(), study_iuid: audited!.s.study_iuid },
      'en-US',
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('REPORT_STATE');
    expect(r.body.msg).toMatch(/cancel the audit/);
    expect(await studyNow(audited!.s.pk)).toEqual(before);
  });

  it('refuses a patient ID whose reports carry another name, saying how many; the same patient’s ID is fine', async () => {
    const [other] = await t.p.deps.db
      .select()
      .from(study)
      .where(and(eq(study.hospital_code, 'H001'), ne(study.pk, h001Study.pk), eq(study.is_del, 0)))
      .limit(1);
    const same = await t.p.deps.db
      .select({ pk: study.pk })
      .from(study)
      .where(and(eq(study.hospital_code, 'H001'), eq(study.patient_id, other!.patient_id), eq(study.is_del, 0)));
    const before = await studyNow(h001Study.pk);
    const r = await post(
      t.token('doctor'),
      '/patient/save',
      { ...validEdit(), patient_id: other!.patient_id, patient_name: '另一位患者' },
      'en-US',
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('PATIENT_HAS_REPORTS');
    expect(r.body.data).toEqual({ patient_id: other!.patient_id, count: same.length });
    expect(r.body.msg).toContain(`Patient ID ${other!.patient_id} already has ${same.length} reports`);
    expect(r.body.msg).toContain(other!.patient_name);
    const zh = await post(t.token('doctor'), '/patient/save', {
      ...validEdit(),
      patient_id: other!.patient_id,
      patient_name: '另一位患者',
    });
    expect(zh.body.msg).toContain(`已有 ${same.length} 份报告`);
    expect(await studyNow(h001Study.pk)).toEqual(before);

    // the same person (the name as the other reports have it, spaces aside): saved
    const ok = await post(t.token('doctor'), '/patient/save', {
      ...validEdit(),
      patient_id: other!.patient_id,
      patient_name: ` ${other!.patient_name} `,
    });
    expect(ok.status).toBe(200);
    expect((await studyNow(h001Study.pk)).patient_id).toBe(other!.patient_id);
    // another hospital's studies with that ID do not count
    await post(t.token('doctor'), '/patient/save', validEdit());
  });
});
