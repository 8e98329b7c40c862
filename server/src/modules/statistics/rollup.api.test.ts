import dayjs from 'dayjs';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetail } from '@shared/schemas/report';
import {
  MONTH_QUERY_TYPES,
  SERIES_CALLS,
  ZHANJIANG_TABS,
  type CountDetail,
  type FilmQualityRow,
  type MonthCountRow,
} from '@shared/schemas/statistics';
import { hospital, qualityRecord, report, study } from '../../platform/db/schema';
import type { HospitalScope } from '../../platform/hospital-scope';
import { alignStatZone } from '../../platform/db/stat-zone';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { directCountDetail } from './count-detail';
import { directFilmQuality } from './film-quality';
import { directHospitalCount, directStorageCount } from './hospital-count';
import { directMonthCount, type MonthCountQuery } from './month-count';
import {
  ROLLUP_HOSPITAL,
  ROLLUP_UID,
  deletable,
  insertRandomStudies,
  otherWrites,
  seeded,
  unwritten,
} from './rollup.test-helpers';
import { directSeries } from './series';
import { directUserWorkCount } from './work-count';
import { directZhanjiangCount } from './zhanjiang-count';

/**
 * Issue 39's contract: the statistics calls read counts kept per day, and give exactly what the direct
 * queries over the studies and reports give, after studies are written, audited, cancelled, deleted,
 * restored and purged. Days are counted in Asia/Shanghai, and the data sits either side of its midnight.
 */
const t = useTestPlatform({ users: ['admin', 'doctor', 'auditor'], env: { TIME_ZONE: 'Asia/Shanghai' } });
const db = () => t.p.deps.db;
const random = seeded(39);

const post = async (user: DemoUser, path: string, json: unknown) => {
  const r = await call(t.p.app, 'POST', path, { token: t.token(user), json });
  expect(r.status, `${path} ${JSON.stringify(json)}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
};

/** The report screen: write, then audit two in three, then cancel one audit in three. */
async function writeAuditCancel() {
  for (const [i, iuid] of (await unwritten(db())).entries()) {
    const texts = {
      rpt_good_status: random.pick([1, 2]),
      study_desc: random.pick(['Head', 'Chest', 'Abdomen']),
      report_text1: 'findings',
      report_text2: 'impression',
    };
    const saved = (await post('doctor', '/report/save', { study_iuid: iuid, version: 1, ...texts })) as ReportDetail;
    if (i % 3 === 0) continue;
    const audited = (await post('auditor', '/report/audit', {
      study_iuid: iuid,
      version: saved.version,
      ...texts,
    })) as ReportDetail;
    if (i % 3 === 1) await post('auditor', '/report/cancelAudit', { study_iuid: iuid, version: audited.version });
  }
}

/** The recycle bin: delete a third of what it takes, restore half of those, purge the rest. */
async function binRestorePurge() {
  const gone = (await deletable(db())).filter((_, i) => i % 3 === 0);
  await post('admin', '/api/order/deleteStudy', { study_iuids: gone, reason: 'roll-up test' });
  await post('admin', '/api/order/restoreStudy', { study_iuids: gone.filter((_, i) => i % 2 === 0) });
  await post('admin', '/api/order/deleteOrder', { study_iuids: gone.filter((_, i) => i % 2 === 1) });
}

/**
 * Quality control: graded, ungraded and regraded studies through the report screen's call, and a record made in
 * the other hospital (as if before the study moved), which grades the study only once it moves there.
 */
async function gradeStudies() {
  const live = await db()
    .select({ iuid: study.study_iuid, code: study.hospital_code })
    .from(study)
    .where(and(like(study.study_iuid, `${ROLLUP_UID}.%`), eq(study.is_del, 0)))
    .orderBy(study.pk);
  for (const [i, s] of live.entries()) {
    if (i % 4 === 3) continue;
    await post('admin', '/report/quality', { study_iuid: s.iuid, image_quality: random.pick([1, 2, 3, 4, null]) });
    if (i % 3 === 0) await post('admin', '/report/quality', { study_iuid: s.iuid, image_quality: random.pick([1, 4]) });
    if (i % 5 === 0)
      await db()
        .insert(qualityRecord)
        .values({
          study_iuid: s.iuid,
          hospital_code: s.code === 'H001' ? ROLLUP_HOSPITAL.code : 'H001',
          image_quality: 2,
          create_time: new Date('2026-01-01T00:00:00Z'),
        });
  }
}

let scopes: { label: string; scope: HospitalScope; sn?: string }[] = [];
beforeAll(async () => {
  await db().insert(hospital).values(ROLLUP_HOSPITAL);
  await insertRandomStudies(db(), random, 90);
  await writeAuditCancel();
  await gradeStudies();
  await binRestorePurge();
  await otherWrites(db(), random);
  // a study moved to the hospital where it has a record takes that record's grade
  const [moved] = await db()
    .select({ pk: study.pk, to: qualityRecord.hospital_code })
    .from(study)
    .innerJoin(qualityRecord, eq(qualityRecord.study_iuid, study.study_iuid))
    .where(
      and(
        like(study.study_iuid, `${ROLLUP_UID}.%`),
        eq(study.is_del, 0),
        ne(qualityRecord.hospital_code, study.hospital_code),
      ),
    )
    .limit(1);
  await db().update(study).set({ hospital_code: moved!.to }).where(eq(study.pk, moved!.pk));
  const [h001] = await db().select().from(hospital).where(eq(hospital.code, 'H001'));
  scopes = [
    { label: 'every hospital', scope: { all: true } },
    { label: 'H001', scope: { all: false, code: 'H001' }, sn: h001!.sn },
    { label: ROLLUP_HOSPITAL.code, scope: { all: false, code: ROLLUP_HOSPITAL.code }, sn: ROLLUP_HOSPITAL.sn },
  ];
}, 120_000);

const today = () => dayjs().format('YYYY-MM-DD');
const RANGES = () => [
  { startTime: '2026-05-31', endTime: '2026-05-31' },
  { startTime: '2026-06-01', endTime: '2026-06-02' },
  { startTime: '2026-05-30', endTime: '2026-07-01' },
  { startTime: '2026-01-01', endTime: '2026-12-31' },
  { startTime: today(), endTime: today() },
];
const same = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

/** Every range call, through HTTP as the super administrator, against its direct query. */
async function compareRangeCalls(range: { startTime: string; endTime: string }) {
  for (const { label, scope, sn } of scopes) {
    const q = { ...range, ...(sn ? { sn } : {}) };
    const is = async (path: string, body: object, direct: unknown) =>
      expect(await post('admin', path, body), `${path} ${label} ${JSON.stringify(body)}`).toEqual(same(direct));
    await is('/orderCount/userWorkCount', q, await directUserWorkCount(db(), scope, q));
    await is('/orderCount/userWorkCount', { ...q, doctor: 'Bob' }, await directUserWorkCount(db(), scope, { ...q, doctor: 'Bob' }));
    await is('/orderCount/doctorCount', q, await directHospitalCount(db(), scope, q));
    await is('/orderCount/fileUseCount', q, await directStorageCount(db(), scope, q));
    await is('/orderCount/countDatail', q, await directCountDetail(db(), scope, q));
    for (const c of SERIES_CALLS) await is(`/orderCount/${c}`, q, await directSeries(db(), scope, c, q));
    for (const tab of ZHANJIANG_TABS)
      await is('/orderCount/zhanJiangCount', { ...q, tab }, await directZhanjiangCount(db(), scope, { ...q, tab }));
    for (const m of [{}, { modality: 'ct' }, { modality: 'MR' }])
      await is('/orderCount/imgProportionCount', { ...q, ...m }, await directFilmQuality(db(), scope, { ...q, ...m }));
  }
} // prettier-ignore

/** monthCountByBodyPart for one hospital: by each date, for a month or a range, narrowed or not. */
async function compareMonthCalls(period: MonthCountQuery['period']) {
  const body = 'month' in period ? { month: period.month } : { startTime: period.start, endTime: period.end };
  for (const { scope, sn } of scopes.filter((s) => s.sn))
    for (const queryType of MONTH_QUERY_TYPES)
      for (const narrow of [{}, { patient_type: 3 }, { modality: 'CT' }]) {
        const direct = await directMonthCount(db(), scope, { period, queryType, ...narrow });
        const got = await post('admin', '/orderCount/monthCountByBodyPart', { ...body, sn, queryType, ...narrow });
        expect(got, `${JSON.stringify(period)} ${sn} ${queryType} ${JSON.stringify(narrow)}`).toEqual(same(direct));
      }
}

describe('statistics from the counts kept per day', () => {
  it('the test data has something in every measure', async () => {
    const year = (await post('admin', '/orderCount/countDatail', RANGES()[3])) as CountDetail;
    for (const k of ['studies', 'images', 'written', 'audited', 'positive', 'critical'] as const)
      expect(year[k], k).toBeGreaterThan(0);
    const film = (await post('admin', '/orderCount/imgProportionCount', RANGES()[3])) as FilmQualityRow[];
    for (const k of ['grade_a', 'grade_b', 'grade_c', 'scrap'] as const) expect(film.at(-1)![k], k).toBeGreaterThan(0);
    expect(film.at(-1)!.rated).toBeLessThan(film.at(-1)!.studies);
    const month = (await post('admin', '/orderCount/monthCountByBodyPart', {
      month: '2026-06',
      sn: ROLLUP_HOSPITAL.sn,
    })) as MonthCountRow[];
    expect(month.length).toBeGreaterThan(3);
  });

  for (const [i, range] of RANGES().entries())
    it(`every range call equals its direct query, range ${i + 1}`, () => compareRangeCalls(RANGES()[i] ?? range));

  it('monthCountByBodyPart equals its direct query, by month and by range', async () => {
    await compareMonthCalls({ month: '2026-06' });
    await compareMonthCalls({ month: today().slice(0, 7) });
    await compareMonthCalls({ start: '2026-05-31', end: '2026-06-01' });
  });

  it('writes side by side on one study (PostgreSQL: on several connections) move the counts once each', async () => {
    const mine = await db()
      .select({ pk: study.pk, iuid: study.study_iuid, code: study.hospital_code })
      .from(study)
      .where(like(study.study_iuid, `${ROLLUP_UID}.%`));
    await Promise.all(
      mine.flatMap(({ pk, iuid, code }, i) => [
        db()
          .update(report)
          .set({ rpt_good_status: i % 2 ? 1 : 2, is_critical: i % 3 ? 0 : 1 })
          .where(eq(report.study_pk, pk)),
        db()
          .update(study)
          .set({ file_count: sql`${study.file_count} + 1`, patient_type: i % 4 })
          .where(eq(study.pk, pk)),
        // two graders at once: the later record is the study's grade, whichever commits first
        ...[1, 3].map((g) =>
          db().insert(qualityRecord).values({ study_iuid: iuid, hospital_code: code, image_quality: g }),
        ),
      ]),
    );
    await compareRangeCalls(RANGES()[3]!);
    await compareMonthCalls({ month: '2026-06' });
  });

  it('a start under another TIME_ZONE counts the days again in it, and back', async () => {
    const run = (text: string) => db().execute(sql.raw(text)) as Promise<{ rows: Record<string, unknown>[] }>;
    const days = async (zone: string) => ({
      kept: (
        await run(`select day::text, sum(studies)::int as n from stat_study_day where basis = 's'
          group by day having sum(studies) > 0 order by day`)
      ).rows,
      direct: (
        await run(`select (study_datetime at time zone '${zone}')::date::text as day, count(*)::int as n
          from study where is_del = 0 group by 1 order by 1`)
      ).rows,
    });
    expect(await alignStatZone(run, 'UTC')).toBe(true);
    expect(await alignStatZone(run, 'UTC')).toBe(false);
    const utc = await days('UTC');
    expect(utc.kept).toEqual(utc.direct);
    expect(utc.kept).not.toEqual((await days('Asia/Shanghai')).direct);
    expect(await alignStatZone(run, 'Asia/Shanghai')).toBe(true);
    await compareRangeCalls(RANGES()[1]!);
  });
});
