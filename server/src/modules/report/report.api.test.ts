import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail, ReportInfo, VersionRow } from '@shared/schemas/report';
import { auditLog, report, session, study, sysConfig, sysUser } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'doctor2', 'register', 'admin'] });
let pool: StudyRow[] = [];
beforeAll(async () => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { rpt_status: [0], pageSize: 100 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
});

/** A not-yet-written H001 study no other test uses. */
function freshStudy(): StudyRow {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  return s;
}
const req = (user: DemoUser, path: string, json: unknown, lang?: string) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });
async function info(user: DemoUser, study_iuid: string) {
  const r = await req(user, '/report/info', { study_iuid });
  expect(r.status).toBe(200);
  return r.body.data as ReportInfo;
}
const texts = (extra: Record<string, unknown> = {}) => ({
  rpt_good_status: 1,
  study_desc: '胸部CT平扫',
  report_text1: '双肺纹理清晰，未见明显实变影。',
  report_text2: '胸部CT平扫未见明显异常。',
  ...extra,
});
async function save(user: DemoUser, s: StudyRow, version: number, extra: Record<string, unknown> = {}) {
  return req(user, '/report/save', { study_iuid: s.study_iuid, version, ...texts(extra) });
}
async function versions(s: StudyRow) {
  return (await req('auditor', '/report/versions', { study_iuid: s.study_iuid })).body.data as VersionRow[];
}
const setData1 = (username: string, data1: Record<string, unknown>) =>
  t.p.deps.db.update(sysUser).set({ data1 }).where(eq(sysUser.username, username));

describe('POST /report/info', () => {
  it('gives the study, its reports, the layout template and the lock', async () => {
    const s = freshStudy();
    const i = await info('doctor', s.study_iuid);
    expect(i.study).toMatchObject({
      study_iuid: s.study_iuid,
      patient_name: s.patient_name,
      hospital_title1: '第一人民医院',
    });
    expect(i.reports).toHaveLength(1);
    expect(i.reports[0]).toMatchObject({ rpt_position: 1, rpt_status: 0, version: 1 });
    expect(i.template?.name).toBe('默认报告模板');
    expect(JSON.stringify(i.template?.elements)).toContain('report_text1');
    expect(i.lock).toEqual({ lock_status: '', mine: false, lock_time: '' });
  });

  it('prefers the hospital and modality template, then the hospital default', async () => {
    const { layoutTemplate } = await import('../../platform/db/schema');
    const s = freshStudy();
    const [h] = await t.p.deps.db
      .insert(layoutTemplate)
      .values({ name: 'H001 default', hospital_code: 'H001', elements: [] })
      .returning();
    expect((await info('doctor', s.study_iuid)).template?.name).toBe('H001 default');
    const [hm] = await t.p.deps.db
      .insert(layoutTemplate)
      .values({ name: 'H001 modality', hospital_code: 'H001', modality: s.modality, elements: [] })
      .returning();
    expect((await info('doctor', s.study_iuid)).template?.name).toBe('H001 modality');
    await t.p.deps.db.delete(layoutTemplate).where(inArray(layoutTemplate.pk, [h!.pk, hm!.pk]));
  });

  it('is refused for another hospital, without the permission, or without a session', async () => {
    const s = freshStudy();
    expect((await req('doctor2', '/report/info', { study_iuid: s.study_iuid })).status).toBe(403);
    expect((await req('register', '/report/info', { study_iuid: s.study_iuid })).status).toBe(403);
    expect((await call(t.p.app, 'POST', '/report/info', { json: { study_iuid: s.study_iuid } })).status).toBe(401);
    expect((await req('doctor', '/report/info', { study_iuid: '1.2.3.4.404' })).status).toBe(404);
  });

  it('opens a study whose hospital has no row (removed, or not set up yet) without titles, for whole-platform users only', async () => {
    const s = freshStudy();
    await t.p.deps.db.update(study).set({ hospital_code: 'H404' }).where(eq(study.study_iuid, s.study_iuid));
    const i = await info('admin', s.study_iuid);
    expect(i.study).toMatchObject({
      study_iuid: s.study_iuid,
      hospital_title1: '',
      hospital_title2: '',
      hospital_logo: '',
    });
    expect(i.reports[0]).toMatchObject({ rpt_position: 1, rpt_status: 0 });
    expect((await req('doctor', '/report/info', { study_iuid: s.study_iuid })).status).toBe(403);
  });
});

describe('save', () => {
  it('saves 0 to 1, stamps the doctor and rpt_model_id, and writes a version', async () => {
    const s = freshStudy();
    const r = await save('doctor', s, 1);
    expect(r.status).toBe(200);
    const d = r.body.data as ReportDetail;
    expect(d).toMatchObject({ rpt_status: 1, version: 2, report_doctor: '张医生', rpt_good_status: 1 });
    expect(Number(d.rpt_model_id)).toBeGreaterThan(Date.now() - 60_000);
    const again = await save('doctor', s, 2, { report_text2: '复核：未见异常。' });
    expect((again.body.data as ReportDetail).rpt_model_id).toBe(d.rpt_model_id);
    const v = await versions(s);
    expect(v.map((x) => x.rpt_status)).toEqual([1, 1]);
    expect(v[0]!.texts.report_text2).toBe('复核：未见异常。');
    expect(v[1]!.texts.report_text2).toBe('胸部CT平扫未见明显异常。');
    expect(v[0]!.save_user).toBe('张医生');
  });

  it('checks every field rule on the server, in the user language', async () => {
    const s = freshStudy();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rpt_good_status: '' }, 'rpt_good_status', 'Choose negative or positive'],
      [{ study_desc: '  ' }, 'study_desc', 'Enter the body part examined'],
      [{ report_text1: '' }, 'report_text1', 'Enter the findings'],
      [{ report_text2: ' \n' }, 'report_text2', 'Enter the opinion'],
    ];
    for (const [bad, field, msg] of cases) {
      const r = await req('doctor', '/report/save', { study_iuid: s.study_iuid, version: 1, ...texts(bad) }, 'en-US');
      expect(r.status, field).toBe(400);
      expect(r.body.errors).toEqual([{ field, msg }]);
    }
    await setData1('doctor', { showray: true });
    try {
      const r = await save('doctor', s, 1);
      expect(r.body.errors).toEqual([{ field: 'image_quality', msg: '请选择影像质量' }]);
      expect((await save('doctor', s, 1, { image_quality: 3 })).status).toBe(200);
    } finally {
      await setData1('doctor', {});
    }
    expect((await req('doctor', '/report/save', { study_iuid: s.study_iuid, version: -1, ...texts() })).status).toBe(
      400,
    );
    expect((await req('doctor', '/report/save', { study_iuid: s.study_iuid })).status).toBe(400);
  });

  it('refuses a stale version, names who changed it, and keeps the newer text', async () => {
    const s = freshStudy();
    await save('doctor', s, 1, { report_text1: '张医生的所见' });
    const stale = await req(
      'auditor',
      '/report/save',
      { study_iuid: s.study_iuid, version: 1, ...texts({ report_text1: '旧的所见' }) },
      'en-US',
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('STALE_VERSION');
    expect(stale.body.msg).toContain('张医生');
    expect(stale.body.data).toMatchObject({ version: 2, updated_by: '张医生', report_text1: '张医生的所见' });
    const now = await info('doctor', s.study_iuid);
    expect(now.reports[0]!.report_text1).toBe('张医生的所见');
  });

  it('is refused for another hospital and without patorder:saveOrder', async () => {
    const s = freshStudy();
    expect((await save('doctor2', s, 1)).status).toBe(403);
    expect((await save('register', s, 1)).status).toBe(403);
    expect((await info('doctor', s.study_iuid)).reports[0]!.version).toBe(1);
  });

  it('creates a further report at a new position', async () => {
    const s = freshStudy();
    const r = await req('doctor', '/report/save', {
      study_iuid: s.study_iuid,
      rpt_position: 2,
      version: 0,
      ...texts(),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rpt_position: 2, rpt_status: 1, version: 1 });
    const i = await info('doctor', s.study_iuid);
    expect(i.reports.map((x) => [x.rpt_position, x.rpt_status])).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });
});

describe('content check', () => {
  it('answers the matched feature; RemoveCheck goes past it', async () => {
    const s = freshStudy();
    const crossed = { report_text1: '左肺上叶见结节影。', report_text2: '右肺上叶结节，建议复查。' };
    const r = await save('doctor', s, 1, crossed);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('CONTENT_CHECK');
    expect((r.body.data as { checks: { feature: string }[] }).checks[0]!.feature).toBe('所见为左侧，诊断意见为右侧');
    expect((await info('doctor', s.study_iuid)).reports[0]!.rpt_status).toBe(0);
    const forced = await save('doctor', s, 1, { ...crossed, RemoveCheck: true });
    expect(forced.status).toBe(200);
  });

  it('flags organ words that do not fit the patient sex', async () => {
    const s = freshStudy();
    const organ = s.patient_sex === 'M' ? '子宫' : '前列腺';
    const r = await save('doctor', s, 1, { report_text1: `${organ}形态正常。` });
    expect(r.status).toBe(422);
    expect((r.body.data as { checks: { content: string }[] }).checks[0]!.content).toBe(organ);
  });
});

describe('audit, cancel audit, void', () => {
  it('asks to save first at 0 unless oneClickAudit, which saves and audits', async () => {
    const s = freshStudy();
    const r = await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 1, ...texts() }, 'en-US');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'REPORT_STATE', msg: 'Please save the report first' });
    await setData1('auditor', { oneClickAudit: true });
    try {
      const one = await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 1, ...texts() });
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ rpt_status: 2, version: 3, report_doctor: '李主任', sh_doctor: '李主任' });
      expect((await versions(s)).map((v) => v.rpt_status)).toEqual([2, 1]);
    } finally {
      await setData1('auditor', {});
    }
  });

  it('audits 1 to 2 once, then refuses save and a second audit', async () => {
    const s = freshStudy();
    await save('doctor', s, 1);
    expect((await req('doctor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts() })).status).toBe(
      403,
    );
    const a = await req('auditor', '/report/audit', {
      study_iuid: s.study_iuid,
      version: 2,
      ...texts({ report_text2: '审核后意见' }),
    });
    expect(a.status).toBe(200);
    const d = a.body.data as ReportDetail;
    expect(d).toMatchObject({
      rpt_status: 2,
      sh_doctor: '李主任',
      report_doctor: '张医生',
      report_text2: '审核后意见',
    });
    expect(d.sh_datetime).not.toBe('');
    const twice = await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 3, ...texts() });
    expect(twice.body.error).toBe('REPORT_STATE');
    const saveAudited = await save('auditor', s, 3);
    expect(saveAudited.status).toBe(409);
    expect(saveAudited.body.msg).toBe('报告已审核，不能修改');
    expect(
      (await req('doctor', '/report/cache', { study_iuid: s.study_iuid, report_text1: 'x', report_text2: 'y' })).status,
    ).toBe(409);
  });

  it('cancels an audit only at 2, with the permission', async () => {
    const s = freshStudy();
    await save('doctor', s, 1);
    expect((await req('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 2 })).body.error).toBe(
      'REPORT_STATE',
    );
    await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts() });
    expect((await req('doctor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 3 })).status).toBe(403);
    const c = await req('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 3 });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ rpt_status: 1, sh_doctor: '', sh_datetime: '', version: 4 });
    expect((await versions(s))[0]!.rpt_status).toBe(3);
  });

  it('shows a report as it was at one of its audits (audit_version), after the audit was cancelled and changed', async () => {
    const s = freshStudy();
    await save('doctor', s, 1);
    await req('auditor', '/report/audit', {
      study_iuid: s.study_iuid,
      version: 2,
      ...texts({ report_text2: '第一次审核的意见' }),
    });
    const audit = (await versions(s)).find((v) => v.rpt_status === 2)!;
    await req('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 3 });
    await save('doctor', s, 4, { report_text2: '取消审核后改写' });
    const now = await info('doctor', s.study_iuid);
    expect(now.reports[0]).toMatchObject({ rpt_status: 1, report_text2: '取消审核后改写', sh_doctor: '' });

    const then = await req('doctor', '/report/info', { study_iuid: s.study_iuid, audit_version: audit.pk });
    expect(then.status).toBe(200);
    const r = (then.body.data as ReportInfo).reports[0]!;
    expect(r).toMatchObject({ rpt_status: 2, report_text2: '第一次审核的意见', sh_doctor: '李主任' });
    expect(r.sh_datetime).toBe(audit.createtime);
    // only an audit version of this study's reports: a save's version, another study's, none at all
    const saved = (await versions(s)).find((v) => v.rpt_status === 1)!;
    const other = freshStudy();
    for (const [iuid, pk] of [
      [s.study_iuid, saved.pk],
      [other.study_iuid, audit.pk],
      [s.study_iuid, 999_999_999],
    ] as const) {
      expect((await req('doctor', '/report/info', { study_iuid: iuid, audit_version: pk })).status).toBe(404);
    }
    expect((await req('doctor', '/report/info', { study_iuid: s.study_iuid, audit_version: 'x' })).status).toBe(400);
  });

  it('voids from any status, clearing texts, dates, doctors and signatures but keeping a version', async () => {
    const s = freshStudy();
    await save('doctor', s, 1, { report_text1: '作废前的所见' });
    await req('auditor', '/report/audit', {
      study_iuid: s.study_iuid,
      version: 2,
      ...texts({ report_text1: '作废前的所见' }),
    });
    expect((await req('doctor', '/report/invalid', { study_iuid: s.study_iuid, version: 3 })).status).toBe(403);
    const v = await req('auditor', '/report/invalid', { study_iuid: s.study_iuid, version: 3 });
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({
      rpt_status: 0,
      report_text1: '',
      report_text2: '',
      report_doctor: '',
      report_datetime: '',
      sh_doctor: '',
      sh_datetime: '',
      rpt_good_status: null,
    });
    const [top] = await versions(s);
    expect(top).toMatchObject({ rpt_status: 4 });
    expect(top!.texts.report_text1).toBe('作废前的所见');
  });

  it('refuses every change to a third-party report', async () => {
    const s = freshStudy();
    const [st] = await t.p.deps.db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
    await t.p.deps.db
      .update(report)
      .set({ rpt_status: 2, third_party_pdf: '/files/third-party.pdf' })
      .where(eq(report.study_pk, st!.pk));
    const i = await info('auditor', s.study_iuid);
    expect(i.reports[0]).toMatchObject({ rpt_pk: null, rpt_status: 2, third_party_pdf: '/files/third-party.pdf' });
    expect(i.study.rpt_pk).toBeNull();
    const listed = await req('auditor', '/api/order/OrderList', { accession_no: s.accession_no });
    expect((listed.body.data as { list: StudyRow[] }).list[0]).toMatchObject({ rpt_pk: null, rpt_status: 2 });
    const v = i.reports[0]!.version;
    for (const path of ['/report/save', '/report/audit']) {
      const r = await req('auditor', path, { study_iuid: s.study_iuid, version: v, ...texts() }, 'en-US');
      expect(r.body.msg, path).toBe('A third-party report cannot be changed here');
    }
    for (const path of ['/report/cancelAudit', '/report/invalid']) {
      expect((await req('auditor', path, { study_iuid: s.study_iuid, version: v })).body.error, path).toBe(
        'REPORT_STATE',
      );
    }
  });

  it('logs every transition with who, from and to', async () => {
    const s = freshStudy();
    await save('doctor', s, 1);
    await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts() });
    await req('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 3 });
    await req('auditor', '/report/invalid', { study_iuid: s.study_iuid, version: 4 });
    const rpt = (await info('doctor', s.study_iuid)).reports[0]!;
    const [st] = await t.p.deps.db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
    const [r] = await t.p.deps.db
      .select()
      .from(report)
      .where(and(eq(report.study_pk, st!.pk), eq(report.rpt_position, 1)));
    const log = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report:${r!.rpt_pk}`));
    expect(log.map((l) => [l.username, l.action, l.from_status, l.to_status])).toEqual([
      ['doctor', 'report_save', '0', '1'],
      ['auditor', 'report_audit', '1', '2'],
      ['auditor', 'report_cancel_audit', '2', '1'],
      ['auditor', 'report_invalid', '1', '0'],
    ]);
    expect(JSON.stringify(log)).not.toContain(texts().report_text1);
    expect(rpt.version).toBe(5);
  });
});

describe('concurrent writers', () => {
  it('lets exactly one of 20 simultaneous saves of one version win', async () => {
    const s = freshStudy();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(i % 2 ? 'doctor' : 'auditor', s, 1, { report_text1: `文本 ${i}` })),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error === 'STALE_VERSION')).toHaveLength(19);
    const stored = (await info('doctor', s.study_iuid)).reports[0]!;
    expect(stored.report_text1).toBe((winners[0]!.body.data as ReportDetail).report_text1);
    expect(await versions(s)).toHaveLength(1);
  });

  it('loses no text when 20 writers retry on conflict: one winner per version', async () => {
    const s = freshStudy();
    const writer = async (i: number) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const v = (await info('doctor', s.study_iuid)).reports[0]!.version;
        const r = await save(i % 2 ? 'doctor' : 'auditor', s, v, { report_text1: `writer ${i}` });
        if (r.status === 200) return (r.body.data as ReportDetail).version;
        expect(r.status).toBe(409);
      }
      throw new Error(`writer ${i} never won`);
    };
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => writer(i)));
    expect(new Set(won).size).toBe(20);
    expect([...won].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const v = await versions(s);
    expect(new Set(v.map((x) => x.texts.report_text1))).toEqual(
      new Set(Array.from({ length: 20 }, (_, i) => `writer ${i}`)),
    );
  });
});

describe('drafts, lock, critical value, quality', () => {
  it('keeps a server draft until the report is saved', async () => {
    const s = freshStudy();
    const c = await req('doctor', '/report/cache', {
      study_iuid: s.study_iuid,
      report_text1: '草稿所见',
      report_text2: '草稿意见',
    });
    expect(c.status).toBe(200);
    const i = await info('doctor', s.study_iuid);
    expect(i.drafts).toEqual([
      expect.objectContaining({ rpt_position: 1, report_text1: '草稿所见', report_text2: '草稿意见' }),
    ]);
    expect((await info('auditor', s.study_iuid)).drafts).toEqual([]); // drafts are per user
    // The next push replaces the draft (the editor sends one every few seconds while the doctor types).
    await req('doctor', '/report/cache', {
      study_iuid: s.study_iuid,
      report_text1: '改后所见',
      report_text2: '改后意见',
    });
    expect((await info('doctor', s.study_iuid)).drafts).toEqual([
      expect.objectContaining({ report_text1: '改后所见', report_text2: '改后意见' }),
    ]);
    await save('doctor', s, 1);
    expect((await info('doctor', s.study_iuid)).drafts).toEqual([]);
  });

  it('shows who holds the study and releases it', async () => {
    const s = freshStudy();
    expect((await req('doctor', '/report/lock', { study_iuid: s.study_iuid })).body.data).toMatchObject({
      lock_status: '张医生',
      mine: true,
    });
    const other = await req('auditor', '/report/lock', { study_iuid: s.study_iuid });
    expect(other.body.data).toMatchObject({ lock_status: '张医生', mine: false });
    expect((await info('auditor', s.study_iuid)).lock.lock_status).toBe('张医生');
    // register has no report access at all
    expect((await req('register', '/report/cleanLock', { study_iuid: s.study_iuid })).status).toBe(403);
    const freed = await req('doctor', '/report/cleanLock', { study_iuid: s.study_iuid });
    expect(freed.body.data).toMatchObject({ lock_status: '', mine: false });
    expect((await req('auditor', '/report/lock', { study_iuid: s.study_iuid })).body.data).toMatchObject({
      lock_status: '李主任',
      mine: true,
    });
  });

  it('frees a lock left for 30 minutes, and releases someone else’s only with patorder:closeRpts', async () => {
    const { permission, role, rolePermission } = await import('../../platform/db/schema');
    const s = freshStudy();
    await req('doctor', '/report/lock', { study_iuid: s.study_iuid });
    const old = new Date(Date.now() - 31 * 60_000);
    await t.p.deps.db.update(study).set({ lock_time: old }).where(eq(study.study_iuid, s.study_iuid));
    expect((await info('auditor', s.study_iuid)).lock.lock_status).toBe('');
    expect((await req('auditor', '/report/lock', { study_iuid: s.study_iuid })).body.data).toMatchObject({
      lock_status: '李主任',
      mine: true,
    });

    const [r] = await t.p.deps.db.select().from(role).where(eq(role.code, 'report_doctor'));
    const [perm] = await t.p.deps.db.select().from(permission).where(eq(permission.key, 'closeRpts'));
    await t.p.deps.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.role_pk, r!.pk), eq(rolePermission.permission_pk, perm!.pk)));
    try {
      expect((await req('doctor', '/report/cleanLock', { study_iuid: s.study_iuid })).status).toBe(403);
      expect((await info('doctor', s.study_iuid)).lock.lock_status).toBe('李主任');
    } finally {
      await t.p.deps.db.insert(rolePermission).values({ role_pk: r!.pk, permission_pk: perm!.pk });
    }
    expect((await req('doctor', '/report/cleanLock', { study_iuid: s.study_iuid })).body.data).toMatchObject({
      lock_status: '',
    });
  });

  it('a lock ends with the session that took it: sign-out frees it, and so does the session running out', async () => {
    const s = freshStudy();
    const first = await t.login('doctor');
    const lock = (token: string) =>
      call(t.p.app, 'POST', '/report/lock', { token, json: { study_iuid: s.study_iuid } });
    expect((await lock(first)).body.data).toMatchObject({ lock_status: '张医生', mine: true });
    expect((await info('auditor', s.study_iuid)).lock.lock_status).toBe('张医生');
    expect((await call(t.p.app, 'POST', '/user/logout', { token: first })).status).toBe(200);
    expect((await info('auditor', s.study_iuid)).lock).toEqual({ lock_status: '', mine: false, lock_time: '' });
    const [freed] = await t.p.deps.db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
    expect(freed).toMatchObject({ lock_user_pk: null, lock_session_pk: null, lock_status: '' });

    // The doctor's other session (another browser) keeps its own lock through that sign-out.
    const t2 = await t.login('doctor');
    expect((await lock(t2)).body.data).toMatchObject({ mine: true });
    await call(t.p.app, 'POST', '/user/logout', { token: await t.login('doctor') });
    expect((await info('auditor', s.study_iuid)).lock.lock_status).toBe('张医生');

    // That session runs out without a sign-out: the study reads free and the next doctor takes it.
    await t.p.deps.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.token_hash, sha256Hex(t2)));
    expect((await info('auditor', s.study_iuid)).lock.lock_status).toBe('');
    expect((await req('auditor', '/report/lock', { study_iuid: s.study_iuid })).body.data).toMatchObject({
      lock_status: '李主任',
      mine: true,
    });
  });

  it('sets and deletes the critical value, only when the feature is on', async () => {
    const s = freshStudy();
    const set = await req('doctor', '/report/critical', {
      study_iuid: s.study_iuid,
      version: 1,
      is_critical: 1,
      danger_val: '大面积脑梗死',
    });
    expect(set.body.data).toMatchObject({ is_critical: 1, danger_val: '大面积脑梗死', version: 2 });
    expect(
      (
        await req('doctor', '/report/critical', {
          study_iuid: s.study_iuid,
          version: 2,
          is_critical: 1,
          danger_val: ' ',
        })
      ).status,
    ).toBe(400);
    const del = await req('doctor', '/report/critical', {
      study_iuid: s.study_iuid,
      version: 2,
      is_critical: 0,
      danger_val: 'x',
    });
    expect(del.body.data).toMatchObject({ is_critical: 0, danger_val: '', version: 3 });
    await t.p.deps.db.update(sysConfig).set({ value: 'N' }).where(eq(sysConfig.name, 'use_critical'));
    try {
      const off = await req('doctor', '/report/critical', {
        study_iuid: s.study_iuid,
        version: 3,
        is_critical: 1,
        danger_val: 'x',
      });
      expect(off.body.error).toBe('FEATURE_OFF');
    } finally {
      await t.p.deps.db.update(sysConfig).set({ value: 'Y' }).where(eq(sysConfig.name, 'use_critical'));
    }
  });

  it('records quality control and validates grades; the study then reads as QC recorded', async () => {
    const s = freshStudy();
    expect((await info('doctor', s.study_iuid)).study.qc_recorded).toBe(false);
    const ok = await req('doctor', '/report/quality', {
      study_iuid: s.study_iuid,
      image_quality: 4,
      image_score: 95,
      report_quality: 3,
    });
    expect(ok.status).toBe(200);
    const { qualityRecord } = await import('../../platform/db/schema');
    const [row] = await t.p.deps.db.select().from(qualityRecord).where(eq(qualityRecord.study_iuid, s.study_iuid));
    expect(row).toMatchObject({ hospital_code: 'H001', image_quality: 4, report_quality: 3, create_user: '张医生' });
    expect((await info('auditor', s.study_iuid)).study.qc_recorded).toBe(true);
    expect((await req('doctor', '/report/quality', { study_iuid: s.study_iuid, image_quality: 7 })).status).toBe(400);
  });

  it('shows the study as collected to the doctor who collected it, and only to them', async () => {
    const s = freshStudy();
    expect((await info('doctor', s.study_iuid)).study.collected).toBe(false);
    expect((await req('doctor', '/collection/add', { study_iuid: s.study_iuid })).status).toBe(200);
    expect((await info('doctor', s.study_iuid)).study.collected).toBe(true);
    expect((await info('auditor', s.study_iuid)).study.collected).toBe(false);
  });
});
