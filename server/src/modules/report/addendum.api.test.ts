import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail, ReportInfo, VersionRow } from '@shared/schemas/report';
import { auditLog, reportAddendum, reportJob } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** Addenda after the audit (issue 41): the signed original stays; each addition is numbered, audited and versioned. */
const t = useTestPlatform({ users: ['doctor', 'auditor', 'admin', 'doctor2'] });
type Who = 'doctor' | 'auditor' | 'admin' | 'doctor2';
const post = (who: Who, url: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', url, { token: t.token(who), json, lang });
let pool: StudyRow[] = [];

const FINDINGS = '右肺上叶见一磨玻璃结节，直径约6mm。';
const OPINION = '右肺上叶磨玻璃结节，建议随访。';
const text = (s: StudyRow, version: number) => ({
  study_iuid: s.study_iuid,
  version,
  rpt_good_status: 2,
  study_desc: '胸部CT平扫',
  report_text1: FINDINGS,
  report_text2: OPINION,
  RemoveCheck: true,
});
const info = async (s: StudyRow, audit_version?: number) =>
  ((await post('doctor', '/report/info', { study_iuid: s.study_iuid, audit_version })).body.data as ReportInfo)
    .reports[0]!;
async function audited(s: StudyRow): Promise<ReportDetail> {
  const saved = await post('doctor', '/report/save', text(s, (await info(s)).version));
  expect(saved.status, saved.text).toBe(200);
  const done = await post('auditor', '/report/audit', text(s, (saved.body.data as ReportDetail).version));
  expect(done.status, done.text).toBe(200);
  return done.body.data as ReportDetail;
}
const addendum = (who: Who, s: StudyRow, version: number, body: string, lang?: string) =>
  post(who, '/report/addendum', { study_iuid: s.study_iuid, version, text: body }, lang);
const auditVersions = async (s: StudyRow) =>
  ((await post('doctor', '/report/versions', { study_iuid: s.study_iuid })).body.data as VersionRow[])
    .filter((v) => v.rpt_status === 2)
    .map((v) => v.pk)
    .sort((a, b) => a - b);

beforeAll(async () => {
  const r = await post('doctor', '/api/order/OrderList', { rpt_status: [0], pageSize: 10 });
  pool = (r.body.data as { list: StudyRow[] }).list;
});

describe('an addendum to an audited report', () => {
  it('keeps the signed original, is numbered and signed by its author, versioned with its archive and audited', async () => {
    const s = pool.shift()!;
    const a = await audited(s);
    const first = await addendum('auditor', s, a.version, '复阅前片：结节较前无明显变化。');
    expect(first.status, first.text).toBe(200);
    expect(first.body.msg).toBe('Addendum 1 signed');
    const second = await addendum('admin', s, (first.body.data as ReportDetail).version, '已电话告知临床医生。');
    expect(second.body.msg).toBe('Addendum 2 signed');
    const now = await info(s);
    // The original as it was signed off: texts, auditor and time unchanged.
    expect(now).toMatchObject({
      rpt_status: 2,
      report_text1: FINDINGS,
      report_text2: OPINION,
      sh_doctor: a.sh_doctor,
      sh_datetime: a.sh_datetime,
    });
    expect(now.addenda!.map((x) => [x.seq, x.text, x.author])).toEqual([
      [1, '复阅前片：结节较前无明显变化。', a.sh_doctor],
      [2, '已电话告知临床医生。', '系统管理员'],
    ]);
    expect(now.addenda![0]!.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Each addendum is an audit version of its own, archived (and delivered) like an audit.
    const [original, v1, v2] = await auditVersions(s);
    expect(v2).toBeDefined();
    const jobs = await t.p.deps.db
      .select({ kind: reportJob.kind, version_pk: reportJob.version_pk })
      .from(reportJob)
      .where(and(eq(reportJob.rpt_pk, a.rpt_pk!), eq(reportJob.kind, 'archive')));
    expect(jobs.map((j) => j.version_pk!).sort((x, y) => x - y)).toEqual([original, v1, v2]);
    // As archived at each version: the original without addenda, each addendum's with those up to it, all
    // under the original auditor.
    expect((await info(s, original)).addenda).toEqual([]);
    const atFirst = await info(s, v1);
    expect(atFirst.addenda!.map((x) => x.seq)).toEqual([1]);
    expect([atFirst.sh_doctor, atFirst.sh_datetime, atFirst.report_text2]).toEqual([
      a.sh_doctor,
      a.sh_datetime,
      OPINION,
    ]);
    expect((await info(s, v2)).addenda!.map((x) => x.seq)).toEqual([1, 2]);
    const [logged] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report:${a.rpt_pk}`))
      .orderBy(desc(auditLog.pk))
      .limit(1);
    expect(logged).toMatchObject({ action: 'report_addendum', username: 'admin', from_status: '2', to_status: '2' });
  });

  it('is refused with nothing written: not audited, a stale version, empty or too long, no permission', async () => {
    const s = pool.shift()!;
    const saved = await post('doctor', '/report/save', text(s, (await info(s)).version));
    const v = (saved.body.data as ReportDetail).version;
    const notAudited = await addendum('auditor', s, v, '补充。', 'zh-CN');
    expect([notAudited.status, notAudited.body.error, notAudited.body.msg]).toEqual([
      409,
      'REPORT_STATE',
      '报告未审核',
    ]);
    const a = (await post('auditor', '/report/audit', text(s, v))).body.data as ReportDetail;
    const stale = await addendum('auditor', s, a.version - 1, '补充。');
    expect([stale.status, stale.body.error]).toEqual([409, 'STALE_VERSION']);
    const empty = await addendum('auditor', s, a.version, '   ', 'zh-CN');
    expect([empty.status, JSON.stringify(empty.body).includes('请填写补充报告内容')]).toEqual([400, true]);
    const long = await addendum('auditor', s, a.version, '字'.repeat(4001));
    expect([long.status, JSON.stringify(long.body).includes('at most 4000 characters')]).toEqual([400, true]);
    expect((await addendum('doctor', s, a.version, '补充。')).status).toBe(403);
    expect((await addendum('doctor2', s, a.version, '补充。')).status).toBe(403);
    const rows = await t.p.deps.db.select().from(reportAddendum).where(eq(reportAddendum.rpt_pk, a.rpt_pk!));
    expect(rows).toEqual([]);
    expect((await info(s)).version).toBe(a.version);
  });

  it('stays with the report through cancel-audit and a re-audit, and prints after the new audit', async () => {
    const s = pool.shift()!;
    const a = await audited(s);
    const added = (await addendum('auditor', s, a.version, '补充：肝内小囊肿。')).body.data as ReportDetail;
    const cancelled = await post('auditor', '/report/cancelAudit', {
      study_iuid: s.study_iuid,
      version: added.version,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await addendum('auditor', s, (cancelled.body.data as ReportDetail).version, 'x')).status).toBe(409);
    const again = await post('auditor', '/report/audit', text(s, (cancelled.body.data as ReportDetail).version));
    expect(again.status).toBe(200);
    const versions = await auditVersions(s);
    expect((await info(s, versions.at(-1))).addenda!.map((x) => x.text)).toEqual(['补充：肝内小囊肿。']);
  });

  it('ends with a void: a report written and audited again after it has none of the voided one', async () => {
    const s = pool.shift()!;
    const a = await audited(s);
    const added = (await addendum('auditor', s, a.version, '补充：见前片。')).body.data as ReportDetail;
    const voided = await post('auditor', '/report/invalid', { study_iuid: s.study_iuid, version: added.version });
    expect(voided.status, voided.text).toBe(200);
    expect((await info(s)).addenda).toEqual([]);
    const again = await audited(s);
    expect(again.rpt_status).toBe(2);
    expect((await info(s)).addenda).toEqual([]);
    // The voided report's addendum is kept with its version (its archive still holds it).
    const rows = await t.p.deps.db.select().from(reportAddendum).where(eq(reportAddendum.rpt_pk, a.rpt_pk!));
    expect(rows.map((r) => r.text)).toEqual(['补充：见前片。']);
  });
});
