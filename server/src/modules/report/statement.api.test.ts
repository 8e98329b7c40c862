import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail, VersionRow } from '@shared/schemas/report';
import { auditLog, report, reportDraft, reportVersion, study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { authenticate } from '../auth/session';
import type { ReportTransition, SaveReport } from '@shared/schemas/report';
import { decide } from '@shared/report/rules';
import { RPT_STATUSES } from '@shared/constants';
import type { WriteStatement } from './statement';
import { editParams, targetParams, WRITES } from './write-specs';

/**
 * Every write of a report is one statement (statement.ts, write-specs.ts): the statement itself must refuse
 * whatever the rules refuse (checked by calling it directly: null and nothing written), and the API, which
 * reads only when the statement wrote nothing, must answer with the precise refusal.
 */
const t = useTestPlatform({ users: ['doctor', 'doctor2', 'auditor'] });
let pool: StudyRow[] = [];
beforeAll(async () => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { rpt_status: [0], pageSize: 100 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
});

function freshStudy(): StudyRow {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  return s;
}
const texts = (extra: Record<string, unknown> = {}) => ({
  rpt_good_status: 1,
  study_desc: '胸部CT平扫',
  report_text1: '双肺纹理清晰，未见明显实变影。',
  report_text2: '胸部CT平扫未见明显异常。',
  ...extra,
});
const req = (user: DemoUser, path: string, json: unknown, lang?: string) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });
const save = (user: DemoUser, s: StudyRow, version: number, extra: Record<string, unknown> = {}) =>
  req(user, '/report/save', { study_iuid: s.study_iuid, version, ...texts(extra) });

type FastSave = Omit<SaveReport, 'RemoveCheck'>;
const callerOf = async (user: DemoUser) => ({
  me: await authenticate(t.p.deps.db, t.token(user)!),
  locale: 'zh-CN' as const,
});

/** The statement alone, as `user` (read from the session now, so settings changes apply). */
async function direct(
  user: DemoUser,
  s: StudyRow,
  version: number,
  extra: Partial<FastSave> = {},
  badSexes: string[] = [],
  write: WriteStatement = WRITES.save,
) {
  const input = { study_iuid: s.study_iuid, rpt_position: 1, version, ...texts(), ...extra } as SaveReport;
  const written = await write.run(t.p.deps.db, editParams(await callerOf(user), input, badSexes));
  return written && written.row;
}
const directAudit = (
  user: DemoUser,
  s: StudyRow,
  version: number,
  extra: Partial<FastSave> = {},
  badSexes: string[] = [],
) => direct(user, s, version, extra, badSexes, WRITES.audit);
async function directCancel(user: DemoUser, s: StudyRow, version: number, position = 1) {
  const target: ReportTransition = { study_iuid: s.study_iuid, rpt_position: position, version };
  const written = await WRITES.cancelAudit.run(t.p.deps.db, targetParams(await callerOf(user), target));
  return written && written.row;
}

async function rowsOf(s: StudyRow) {
  const db = t.p.deps.db;
  const [st] = await db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
  const reports = await db.select().from(report).where(eq(report.study_pk, st!.pk));
  const pks = reports.map((r) => r.rpt_pk);
  const of = async (pk: number) => ({
    versions: await db.select().from(reportVersion).where(eq(reportVersion.rpt_pk, pk)),
    log: await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report:${pk}`))
      .orderBy(auditLog.pk),
  });
  const each = await Promise.all(pks.map(of));
  return {
    study: st!,
    reports,
    versions: each.flatMap((e) => e.versions),
    log: each.flatMap((e) => e.log),
  };
}
const setReport = async (s: StudyRow, set: Partial<typeof report.$inferInsert>) => {
  const [st] = await t.p.deps.db.select().from(study).where(eq(study.study_iuid, s.study_iuid));
  await t.p.deps.db
    .update(report)
    .set(set)
    .where(and(eq(report.study_pk, st!.pk), eq(report.rpt_position, 1)));
};
const setData2 = (username: string, data2: string[]) =>
  t.p.deps.db.update(sysUser).set({ data2 }).where(eq(sysUser.username, username));

/** What the write leaves behind, without keys and times. */
const written = (d: ReportDetail) => {
  const { rpt_pk, version, report_datetime, updated_at, rpt_model_id, rpt_position, ...rest } = d;
  void [rpt_pk, version, report_datetime, updated_at, rpt_model_id, rpt_position];
  return rest;
};

describe('the save statement', () => {
  it('writes what the API writes after reading first: report, version texts, audit row, body part', async () => {
    const a = freshStudy();
    const b = freshStudy();
    const detail = { values: { own: '自填' }, title_suffix: 2, images: ['/img/a.jpg'] };
    const input = texts({ study_desc: '胸部CT增强', image_quality: 3, rpt_detail: detail });

    const fast = await direct('doctor', a, 1, input);
    expect(fast).not.toBeNull();
    // No row at position 2 yet: the statement finds nothing and the API takes the path that creates it.
    expect(await direct('doctor', b, 0, { ...input, rpt_position: 2 })).toBeNull();
    const slow = await req('doctor', '/report/save', {
      study_iuid: b.study_iuid,
      rpt_position: 2,
      version: 0,
      ...input,
    });
    expect(slow.status).toBe(200);

    const slowDetail = slow.body.data as ReportDetail;
    const { toReportDetail } = await import('./serialize');
    const fastDetail = toReportDetail(fast!);
    expect(written(fastDetail)).toEqual(written(slowDetail));
    expect(fastDetail).toMatchObject({ version: 2, rpt_status: 1, report_doctor: '张医生', image_quality: 3 });
    expect(Number(fastDetail.rpt_model_id)).toBeGreaterThan(Date.now() - 60_000);

    const ra = await rowsOf(a);
    const rb = await rowsOf(b);
    expect(ra.versions.map((v) => [v.rpt_status, v.save_user, v.texts])).toEqual(
      rb.versions.map((v) => [v.rpt_status, v.save_user, v.texts]),
    );
    expect(ra.versions[0]!.rpt_model_id).toBe(fastDetail.rpt_model_id);
    expect(ra.log.map((l) => [l.username, l.action, l.from_status, l.to_status])).toEqual([
      ['doctor', 'report_save', '0', '1'],
    ]);
    expect(rb.log.map((l) => [l.username, l.action, l.from_status, l.to_status])).toEqual([
      ['doctor', 'report_save', '0', '1'],
    ]);
    expect([ra.study.study_desc, rb.study.study_desc]).toEqual(['胸部CT增强', '胸部CT增强']);
  });

  it('keeps image quality, detail and rpt_model_id when not sent, clears detail on null, drops drafts', async () => {
    const s = freshStudy();
    const detail = { values: { own: '一' }, title_suffix: 1, images: [] };
    const first = await direct('doctor', s, 1, { image_quality: 2, rpt_detail: detail });
    const cached = await req('doctor', '/report/cache', {
      study_iuid: s.study_iuid,
      report_text1: '草稿',
      report_text2: '草稿',
    });
    expect(cached.status).toBe(200);
    const drafts = () => t.p.deps.db.select().from(reportDraft).where(eq(reportDraft.rpt_pk, first!.rpt_pk));
    expect(await drafts()).toHaveLength(1);
    const second = await direct('auditor', s, 2, { report_text2: '第二次' });
    expect(second).toMatchObject({
      version: 3,
      image_quality: 2,
      rpt_detail: detail,
      rpt_model_id: first!.rpt_model_id,
      report_doctor: '李主任',
      updated_by: '李主任',
    });
    expect(await drafts()).toEqual([]);
    expect(await direct('doctor', s, 3, { rpt_detail: null })).toMatchObject({ version: 4, rpt_detail: null });
    const log = (await rowsOf(s)).log.map((l) => [l.username, l.from_status, l.to_status]);
    expect(log).toEqual([
      ['doctor', '0', '1'],
      ['auditor', '1', '1'],
      ['doctor', '1', '1'],
    ]);
  });

  it('finds nothing and writes nothing whenever a rule refuses the save', async () => {
    const other = { study_desc: '别的部位' };
    const refused: [string, (s: StudyRow) => Promise<unknown>][] = [
      ['another hospital', (s) => direct('doctor2', s, 1, other)],
      ['stale version', (s) => direct('doctor', s, 2, other)],
      ['missing position', (s) => direct('doctor', s, 0, { ...other, rpt_position: 3 })],
      ['sex failing the content check', (s) => direct('doctor', s, 1, other, [s.patient_sex])],
      [
        'deleted study',
        async (s) => {
          await t.p.deps.db.update(study).set({ is_del: 1 }).where(eq(study.study_iuid, s.study_iuid));
          return direct('doctor', s, 1, other);
        },
      ],
      [
        'modality not in the list',
        async (s) => {
          await setData2('doctor', ['XA']);
          try {
            return await direct('doctor', s, 1, other);
          } finally {
            await setData2('doctor', []);
          }
        },
      ],
      [
        'audited',
        async (s) => {
          await setReport(s, { rpt_status: 2 });
          return direct('doctor', s, 1, other);
        },
      ],
      [
        'third party',
        async (s) => {
          await setReport(s, { rpt_status: 2, third_party_pdf: '/files/t.pdf' });
          return direct('doctor', s, 1, other);
        },
      ],
    ];
    for (const [why, attempt] of refused) {
      const s = freshStudy();
      const result = await attempt(s);
      expect(result, why).toBeNull();
      const after = await rowsOf(s);
      expect(
        after.reports.map((r) => [r.rpt_position, r.version, r.report_text1]),
        why,
      ).toEqual([[1, 1, '']]);
      expect(after.versions, why).toEqual([]);
      expect(after.log, why).toEqual([]);
      expect(after.study.study_desc, why).toBe(s.study_desc);
    }
  });

  it('saves when the modality is in the caller’s list', async () => {
    const s = freshStudy();
    await setData2('doctor', [s.modality]);
    try {
      expect(await direct('doctor', s, 1)).toMatchObject({ version: 2, rpt_status: 1 });
    } finally {
      await setData2('doctor', []);
    }
  });
});

describe('POST /report/save answers as before', () => {
  async function unchanged(s: StudyRow) {
    const after = await rowsOf(s);
    expect(after.reports[0]).toMatchObject({ rpt_status: 0, version: 1, report_text1: '' });
    expect(after.versions).toEqual([]);
    expect(after.log).toEqual([]);
    expect(after.study.study_desc).toBe(s.study_desc);
  }

  it('403 for another hospital’s study, nothing written', async () => {
    const s = freshStudy();
    const r = await save('doctor2', s, 1, { study_desc: '别的部位' });
    expect(r.status).toBe(403);
    await unchanged(s);
  });

  it('403 for a modality outside the caller’s list, nothing written', async () => {
    const s = freshStudy();
    await setData2('doctor', ['XA']);
    try {
      const r = await save('doctor', s, 1, { study_desc: '别的部位' });
      expect(r.status).toBe(403);
    } finally {
      await setData2('doctor', []);
    }
    await unchanged(s);
  });

  it('409 for a stale version, naming who changed it, without a version row', async () => {
    const s = freshStudy();
    expect((await save('doctor', s, 1, { report_text1: '张医生的所见' })).status).toBe(200);
    const stale = await save('auditor', s, 1, { report_text1: '旧的所见' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('STALE_VERSION');
    expect(stale.body.msg).toContain('张医生');
    const after = await rowsOf(s);
    expect(after.versions.map((v) => (v.texts as { report_text1: string }).report_text1)).toEqual(['张医生的所见']);
    expect(after.reports[0]).toMatchObject({ version: 2, report_text1: '张医生的所见' });
  });

  it('409 for an audited report and for a third-party report', async () => {
    const s = freshStudy();
    expect((await save('doctor', s, 1)).status).toBe(200);
    expect((await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts() })).status).toBe(
      200,
    );
    const audited = await save('doctor', s, 3, { report_text1: '改动' });
    expect(audited.status).toBe(409);
    expect(audited.body.data).toMatchObject({ reason: 'AUDITED' });

    const pdfStudy = freshStudy();
    await setReport(pdfStudy, { rpt_status: 2, third_party_pdf: '/files/t.pdf' });
    const third = await save('doctor', pdfStudy, 1);
    expect(third.status).toBe(409);
    expect(third.body.data).toMatchObject({ reason: 'THIRD_PARTY' });
    expect((await rowsOf(pdfStudy)).versions).toEqual([]);
  });

  it('422 for an organ word of the other sex, saved with RemoveCheck', async () => {
    const s = freshStudy();
    const organ = s.patient_sex === 'M' ? '卵巢' : '睾丸';
    const r = await save('doctor', s, 1, { report_text2: `${organ}未见异常。` });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('CONTENT_CHECK');
    await unchanged(s);
    const forced = await save('doctor', s, 1, { report_text2: `${organ}未见异常。`, RemoveCheck: true });
    expect(forced.status).toBe(200);
    // The same word is fine for a patient of the sex it belongs to.
    const other = freshStudy();
    await t.p.deps.db
      .update(study)
      .set({ patient_sex: s.patient_sex === 'M' ? 'F' : 'M' })
      .where(eq(study.study_iuid, other.study_iuid));
    expect((await save('doctor', other, 1, { report_text2: `${organ}未见异常。` })).status).toBe(200);
  });

  it('creates a missing position, then saves it again in place', async () => {
    const s = freshStudy();
    const created = await req('doctor', '/report/save', {
      study_iuid: s.study_iuid,
      rpt_position: 2,
      version: 0,
      ...texts(),
    });
    expect(created.body.data).toMatchObject({ rpt_position: 2, rpt_status: 1, version: 1 });
    const again = await req('doctor', '/report/save', {
      study_iuid: s.study_iuid,
      rpt_position: 2,
      version: 1,
      ...texts({ report_text1: '第二次' }),
    });
    expect(again.body.data).toMatchObject({ rpt_position: 2, version: 2, report_text1: '第二次' });
    const versions = (await req('doctor', '/report/versions', { study_iuid: s.study_iuid, rpt_position: 2 })).body
      .data as VersionRow[];
    expect(versions.map((v) => v.texts.report_text1)).toEqual(['第二次', texts().report_text1]);
    const log = (await rowsOf(s)).log.map((l) => [l.action, l.from_status, l.to_status]);
    expect(log).toEqual([
      ['report_save', '0', '1'],
      ['report_save', '1', '1'],
    ]);
  });
});

/** Saved by the doctor through the API: status 1, version 2. */
async function saved(s: StudyRow, extra: Record<string, unknown> = {}) {
  expect((await save('doctor', s, 1, extra)).status).toBe(200);
}
/** Saved, then audited by the auditor through the API: status 2, version 3. */
async function audited(s: StudyRow) {
  await saved(s);
  expect((await req('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts() })).status).toBe(
    200,
  );
}
const logOf = async (s: StudyRow) =>
  (await rowsOf(s)).log.map((l) => [l.username, l.action, l.from_status, l.to_status]);

/** Every refusal must leave the report (its version: the attempt may set the status), versions, log and body part. */
async function refusedAll(
  prepare: (s: StudyRow) => Promise<void>,
  refused: [string, (s: StudyRow) => Promise<unknown>][],
) {
  for (const [why, attempt] of refused) {
    const s = freshStudy();
    await prepare(s);
    const before = await rowsOf(s);
    expect(await attempt(s), why).toBeNull();
    const after = await rowsOf(s);
    expect(
      after.reports.map((r) => [r.version, r.report_text1, r.sh_doctor, r.updated_by]),
      why,
    ).toEqual(before.reports.map((r) => [r.version, r.report_text1, r.sh_doctor, r.updated_by]));
    expect(after.versions, why).toEqual(before.versions);
    expect(after.log, why).toEqual(before.log);
    expect(after.study.study_desc, why).toBe(before.study.study_desc);
  }
}
const scopeRefusals = (attempt: (user: DemoUser, s: StudyRow) => Promise<unknown>) =>
  [
    ['another hospital', (s) => attempt('doctor2', s)],
    [
      'deleted study',
      async (s) => {
        await t.p.deps.db.update(study).set({ is_del: 1 }).where(eq(study.study_iuid, s.study_iuid));
        return attempt('auditor', s);
      },
    ],
    [
      'modality not in the list',
      async (s) => {
        await setData2('auditor', ['XA']);
        try {
          return await attempt('auditor', s);
        } finally {
          await setData2('auditor', []);
        }
      },
    ],
  ] as [string, (s: StudyRow) => Promise<unknown>][];

describe('the audit statement (1 to 2)', () => {
  it('writes what the API writes after reading first: report, version texts, audit row, body part, drafts', async () => {
    const a = freshStudy();
    const b = freshStudy();
    await saved(a);
    await saved(b);
    // A third-party PDF at status 1 does not stop an audit (the rules refuse it once audited).
    await setReport(b, { third_party_pdf: '/files/t.pdf' });
    expect(
      await req('doctor', '/report/cache', { study_iuid: a.study_iuid, report_text1: '草稿', report_text2: '草稿' }),
    ).toMatchObject({ status: 200 });
    const detail = { values: { own: '审核' }, title_suffix: 1, images: [] };
    const input = texts({ study_desc: '胸部CT增强', image_quality: 2, rpt_detail: detail, report_text2: '审核意见' });

    const fast = await directAudit('auditor', a, 2, input);
    expect(fast).not.toBeNull();
    const slow = await req('auditor', '/report/audit', { study_iuid: b.study_iuid, version: 2, ...input });
    expect(slow.status).toBe(200);

    const { toReportDetail } = await import('./serialize');
    const fastDetail = toReportDetail(fast!);
    const { third_party_pdf, sh_datetime: slowAt, ...slowRest } = written(slow.body.data as ReportDetail);
    const { sh_datetime: fastAt, ...fastRest } = written(fastDetail);
    expect(third_party_pdf).toBe('/files/t.pdf');
    expect(fastRest).toEqual({ ...slowRest, third_party_pdf: '' });
    expect([typeof fastAt, typeof slowAt]).toEqual(['string', 'string']);
    expect(fastDetail).toMatchObject({ version: 3, rpt_status: 2, sh_doctor: '李主任', report_doctor: '张医生' });
    expect(fastDetail.rpt_detail).toEqual(detail);

    const ra = await rowsOf(a);
    const rb = await rowsOf(b);
    expect(ra.versions.map((v) => [v.rpt_status, v.save_user, v.texts])).toEqual(
      rb.versions.map((v) => [v.rpt_status, v.save_user, v.texts]),
    );
    expect(ra.versions.map((v) => v.rpt_status)).toEqual([1, 2]);
    const expectedLog = [
      ['doctor', 'report_save', '0', '1'],
      ['auditor', 'report_audit', '1', '2'],
    ];
    expect(await logOf(a)).toEqual(expectedLog);
    expect(await logOf(b)).toEqual(expectedLog);
    expect([ra.study.study_desc, rb.study.study_desc]).toEqual(['胸部CT增强', '胸部CT增强']);
    expect(await t.p.deps.db.select().from(reportDraft).where(eq(reportDraft.rpt_pk, fast!.rpt_pk))).toEqual([]);
  });

  it('finds nothing and writes nothing whenever a rule refuses the audit (or it needs a save first)', async () => {
    const audit = (user: DemoUser, s: StudyRow) => directAudit(user, s, 2, { study_desc: '别的部位' });
    await refusedAll(saved, [
      ...scopeRefusals(audit),
      ['stale version', (s) => directAudit('auditor', s, 1, { study_desc: '别的部位' })],
      ['sex failing the content check', (s) => directAudit('auditor', s, 2, {}, [s.patient_sex])],
      ['missing position', (s) => directAudit('auditor', s, 0, { rpt_position: 3 })],
      [
        'already audited',
        async (s) => {
          await setReport(s, { rpt_status: 2 });
          return audit('auditor', s);
        },
      ],
      [
        'new (status 0: the one-click audit saving first is a statement of its own)',
        async (s) => {
          await setReport(s, { rpt_status: 0 });
          return audit('auditor', s);
        },
      ],
      [
        'audited by a third party',
        async (s) => {
          await setReport(s, { rpt_status: 2, third_party_pdf: '/files/t.pdf' });
          return audit('auditor', s);
        },
      ],
    ]);
  });
});

describe('the cancel-audit statement (2 to 1)', () => {
  it('writes what the API writes after reading first: status, reviewer cleared, version 3 row, audit row', async () => {
    const s = freshStudy();
    await audited(s);
    const before = (await rowsOf(s)).reports[0]!;
    // The API keeps no draft of an audited report; one left from before stays, as on the slow path.
    const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'doctor'));
    await t.p.deps.db.insert(reportDraft).values({ rpt_pk: before.rpt_pk, user_pk: u!.pk, report_text1: '草稿' });
    const row = await directCancel('auditor', s, 3);
    expect(row).toMatchObject({
      version: 4,
      rpt_status: 1,
      sh_doctor: '',
      sh_datetime: null,
      report_doctor: '张医生',
      report_text1: before.report_text1,
      report_text2: before.report_text2,
      rpt_model_id: before.rpt_model_id,
      updated_by: '李主任',
    });
    const after = await rowsOf(s);
    expect(after.versions.map((v) => [v.rpt_status, v.save_user])).toEqual([
      [1, '张医生'],
      [2, '李主任'],
      [3, '李主任'],
    ]);
    expect(after.versions[2]!.texts).toEqual(after.versions[1]!.texts);
    expect(await t.p.deps.db.select().from(reportDraft).where(eq(reportDraft.rpt_pk, before.rpt_pk))).toHaveLength(1);
    expect(await logOf(s)).toEqual([
      ['doctor', 'report_save', '0', '1'],
      ['auditor', 'report_audit', '1', '2'],
      ['auditor', 'report_cancel_audit', '2', '1'],
    ]);
  });

  it('finds nothing and writes nothing whenever a rule refuses the cancel', async () => {
    const cancel = (user: DemoUser, s: StudyRow) => directCancel(user, s, 3);
    await refusedAll(audited, [
      ...scopeRefusals(cancel),
      ['stale version', (s) => directCancel('auditor', s, 2)],
      ['missing position', (s) => directCancel('auditor', s, 3, 3)],
      [
        'not audited',
        async (s) => {
          await setReport(s, { rpt_status: 1 });
          return cancel('auditor', s);
        },
      ],
      [
        'third party',
        async (s) => {
          await setReport(s, { third_party_pdf: '/files/t.pdf' });
          return cancel('auditor', s);
        },
      ],
    ]);
  });
});

describe('POST /report/audit and /report/cancelAudit answer as before', () => {
  const audit = (user: DemoUser, s: StudyRow, version: number, extra: Record<string, unknown> = {}) =>
    req(user, '/report/audit', { study_iuid: s.study_iuid, version, ...texts(extra) });
  const cancel = (user: DemoUser, s: StudyRow, version: number) =>
    req(user, '/report/cancelAudit', { study_iuid: s.study_iuid, version });

  it('403 for another hospital and for a modality outside the list', async () => {
    const s = freshStudy();
    await saved(s);
    expect((await audit('doctor2', s, 2)).status).toBe(403);
    await setData2('auditor', ['XA']);
    try {
      expect((await audit('auditor', s, 2)).status).toBe(403);
    } finally {
      await setData2('auditor', []);
    }
    expect((await audit('auditor', s, 2)).status).toBe(200);
    expect((await cancel('doctor2', s, 3)).status).toBe(403);
    await setData2('auditor', ['XA']);
    try {
      expect((await cancel('auditor', s, 3)).status).toBe(403);
    } finally {
      await setData2('auditor', []);
    }
    expect(await logOf(s)).toHaveLength(2);
  });

  it('409 for stale versions, wrong states and third-party reports', async () => {
    const s = freshStudy();
    expect((await audit('auditor', s, 1)).body.data).toMatchObject({ reason: 'SAVE_FIRST' });
    await saved(s);
    expect((await cancel('auditor', s, 2)).body.data).toMatchObject({ reason: 'NOT_AUDITED' });
    const stale = await audit('auditor', s, 1);
    expect([stale.status, stale.body.error]).toEqual([409, 'STALE_VERSION']);
    expect((await audit('auditor', s, 2)).status).toBe(200);
    expect((await audit('auditor', s, 3)).body.data).toMatchObject({ reason: 'ALREADY_AUDITED' });
    const staleCancel = await cancel('auditor', s, 2);
    expect([staleCancel.status, staleCancel.body.error]).toEqual([409, 'STALE_VERSION']);
    expect((await cancel('auditor', s, 3)).body.data).toMatchObject({ rpt_status: 1, version: 4 });

    const pdfStudy = freshStudy();
    await setReport(pdfStudy, { rpt_status: 2, third_party_pdf: '/files/t.pdf' });
    const third = await cancel('auditor', pdfStudy, 1);
    expect(third.status).toBe(409);
    expect(third.body.data).toMatchObject({ reason: 'THIRD_PARTY' });
    expect((await rowsOf(pdfStudy)).versions).toEqual([]);
  });

  it('422 for an organ word of the other sex, audited with RemoveCheck', async () => {
    const s = freshStudy();
    await saved(s);
    const organ = s.patient_sex === 'M' ? '卵巢' : '睾丸';
    const r = await audit('auditor', s, 2, { report_text2: `${organ}未见异常。` });
    expect([r.status, r.body.error]).toEqual([422, 'CONTENT_CHECK']);
    expect(await logOf(s)).toHaveLength(1);
    const forced = await audit('auditor', s, 2, { report_text2: `${organ}未见异常。`, RemoveCheck: true });
    expect(forced.body.data).toMatchObject({ rpt_status: 2, version: 3 });
  });
});

describe('every statement starts only from the states `decide` allows', () => {
  const allows =
    (action: 'save' | 'audit' | 'cancelAudit' | 'invalid', saveFirst = false) =>
    (rpt_status: number, third_party: boolean) => {
      const d = decide(action, { rpt_status, third_party }, { oneClickAudit: saveFirst });
      return d.ok && (d.saveFirst === true) === saveFirst;
    };
  const writes: [string, WriteStatement, (status: number, third: boolean) => boolean][] = [
    ['save', WRITES.save, allows('save')],
    ['audit', WRITES.audit, allows('audit')],
    ['audit saving first', WRITES.auditSaveFirst, allows('audit', true)],
    ['cancel audit', WRITES.cancelAudit, allows('cancelAudit')],
    ['void', WRITES.invalid, allows('invalid')],
  ];

  it('writes from exactly the (status, third party) pairs the rules allow, for every write', async () => {
    const s = freshStudy();
    const caller = await callerOf('auditor');
    const input = { study_iuid: s.study_iuid, rpt_position: 1, version: 1, ...texts() } as SaveReport;
    const table: string[] = [];
    for (const [name, write, allowed] of writes) {
      for (const status of RPT_STATUSES) {
        for (const third of [false, true]) {
          await setReport(s, { rpt_status: status, third_party_pdf: third ? '/files/t.pdf' : '', version: 1 });
          const written = await write.run(t.p.deps.db, editParams(caller, input, []));
          expect(!!written, `${name} from ${status}${third ? ' (third party)' : ''}`).toBe(allowed(status, third));
          if (written) table.push(`${name} ${status}${third ? 't' : ''}`);
        }
      }
    }
    // The rules as the spec states them; an audited third-party report is the other system's to change.
    expect(table).toEqual([
      ...['0', '0t', '1', '1t', '3', '3t', '4', '4t'].map((x) => `save ${x}`),
      ...['1', '1t', '3', '3t'].map((x) => `audit ${x}`),
      ...['0', '0t', '4', '4t'].map((x) => `audit saving first ${x}`),
      'cancel audit 2',
      ...['0', '0t', '1', '1t', '2', '3', '3t', '4', '4t'].map((x) => `void ${x}`),
    ]);
  });
});
