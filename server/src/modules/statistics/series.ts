import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { RAY_MODALITIES, type SeriesCall, type SeriesPoint, type StatsRange } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, statAttrDay, statReportDay, statStudyDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays } from './range';

/** Age decade of a DICOM-style age ('045Y'); months, days and hours are under a year: '0-9'. '' unknown. */
const ageRange = sql<string>`case
  when ${study.patient_age} ~ '^[0-9]+Y$' then
    case when left(${study.patient_age}, -1)::int >= 80 then '80+'
    else (left(${study.patient_age}, -1)::int / 10 * 10)::text || '-' || (left(${study.patient_age}, -1)::int / 10 * 10 + 9)::text end
  when ${study.patient_age} ~ '^[0-9]+[MDH]$' then '0-9'
  else '' end`;

const dayKey = (column: AnyColumn) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
// The list as literals, not parameters: the key is repeated in GROUP BY, where parameters would make
// it a different expression from the selected one.
const rayKey = (modality: AnyColumn) =>
  sql<string>`case when ${modality} in (${sql.raw(RAY_MODALITIES.map((m) => `'${m}'`).join(', '))}) then 'ray' else 'nonRay' end`;

/** What each series groups by, and which time column puts a study in the range. */
const STUDY_SERIES: Record<Exclude<SeriesCall, 'positiveCount'>, { key: SQL<string>; registered?: true }> = {
  rangeList: { key: dayKey(study.study_datetime) },
  hospitalmodalityCount: { key: sql<string>`${study.modality}` },
  hourCount: { key: sql<string>`to_char(${study.study_datetime}, 'HH24')` },
  hourRegisterCount: { key: sql<string>`to_char(${study.create_time}, 'HH24')`, registered: true },
  ageRangeCount: { key: ageRange },
  countPatientSex: { key: sql<string>`${study.patient_sex}` },
  patientTypeCount: { key: sql<string>`coalesce(${study.patient_type}::text, '')` },
  descriptionCount: { key: sql<string>`${study.study_desc}` },
  ageRangeRegisterCount: { key: ageRange, registered: true },
  raycount: { key: rayKey(study.modality) },
  patientPhoneCount: {
    key: sql<string>`case when btrim(${study.patient_phone}) <> '' then 'withPhone' else 'withoutPhone' end`,
  },
  sqDoctorList: { key: sql<string>`${study.sq_doctor}` },
};

/** The series kept in the counts per day by study day and modality (stat_study_day). */
const ROLLED_SERIES: Partial<Record<SeriesCall, SQL<string>>> = {
  rangeList: dayKey(statStudyDay.day),
  hospitalmodalityCount: sql<string>`${statStudyDay.modality}`,
  raycount: rayKey(statStudyDay.modality),
};

/**
 * The series kept in the counts per day by the fact they group by (stat_attr_day, its `attr`), on the study day
 * ('s') or the registration day ('c'): each value is the direct query's key (STUDY_SERIES).
 */
const ATTR_SERIES: Partial<Record<SeriesCall, { attr: string; basis: 's' | 'c' }>> = {
  hourCount: { attr: 'hour', basis: 's' },
  hourRegisterCount: { attr: 'hour', basis: 'c' },
  ageRangeCount: { attr: 'age', basis: 's' },
  ageRangeRegisterCount: { attr: 'age', basis: 'c' },
  countPatientSex: { attr: 'sex', basis: 's' },
  patientTypeCount: { attr: 'ptype', basis: 's' },
  descriptionCount: { attr: 'desc', basis: 's' },
  patientPhoneCount: { attr: 'phone', basis: 's' },
  sqDoctorList: { attr: 'sqdoc', basis: 's' },
};

export async function series(
  db: Db,
  scope: HospitalScope,
  call: SeriesCall,
  q: StatsRange,
  direct = false,
): Promise<SeriesPoint[]> {
  if (call === 'positiveCount') return direct ? positiveCount(db, scope, q) : rolledPositiveCount(db, scope, q);
  const rolled = direct ? undefined : ROLLED_SERIES[call];
  if (rolled) return rolledSeries(db, scope, rolled, q);
  const fact = direct ? undefined : ATTR_SERIES[call];
  if (fact) return attrSeries(db, scope, fact, q);
  const s = STUDY_SERIES[call];
  const rows = await db
    .select({ name: s.key, value: sql<number>`count(*)::int` })
    .from(study)
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        inDays(s.registered ? study.create_time : study.study_datetime, q.startTime, q.endTime),
      ),
    )
    .groupBy(s.key)
    .orderBy(s.key);
  return rows;
}

export const directSeries = (db: Db, scope: HospitalScope, call: SeriesCall, q: StatsRange) =>
  series(db, scope, call, q, true);

function rolledSeries(db: Db, scope: HospitalScope, key: SQL<string>, q: StatsRange): Promise<SeriesPoint[]> {
  const t = statStudyDay;
  return db
    .select({ name: key, value: sql<number>`sum(${t.studies})::int` })
    .from(t)
    .where(and(eq(t.basis, 's'), inScope(scope, t.hospital_code), daysIn(t.day, q.startTime, q.endTime)))
    .groupBy(key)
    .having(sql`sum(${t.studies}) > 0`)
    .orderBy(key);
}

function attrSeries(db: Db, scope: HospitalScope, fact: { attr: string; basis: 's' | 'c' }, q: StatsRange) {
  const t = statAttrDay;
  return db
    .select({ name: t.value, value: sql<number>`sum(${t.studies})::int` })
    .from(t)
    .where(
      and(
        eq(t.basis, fact.basis),
        eq(t.attr, fact.attr),
        inScope(scope, t.hospital_code),
        daysIn(t.day, q.startTime, q.endTime),
      ),
    )
    .groupBy(t.value)
    .having(sql`sum(${t.studies}) > 0`)
    .orderBy(t.value);
}

/** positiveCount from the counts kept per day: the written reports' marks, the groups that have any. */
async function rolledPositiveCount(db: Db, scope: HospitalScope, q: StatsRange): Promise<SeriesPoint[]> {
  const t = statReportDay;
  const [r] = await db
    .select({
      reports: sql<number>`coalesce(sum(${t.reports}), 0)::int`,
      positive: sql<number>`coalesce(sum(${t.positive}), 0)::int`,
      negative: sql<number>`coalesce(sum(${t.negative}), 0)::int`,
    })
    .from(t)
    .where(and(eq(t.stage, 'c'), inScope(scope, t.hospital_code), daysIn(t.day, q.startTime, q.endTime)));
  const points = [
    { name: 'negative', value: r!.negative },
    { name: 'positive', value: r!.positive },
    { name: 'unmarked', value: r!.reports - r!.positive - r!.negative },
  ];
  return points.filter((p) => p.value > 0);
}

/** Reports written in the range by their good/bad flag: 2 positive, 1 negative (as the report screen marks them), else unmarked. */
async function positiveCount(db: Db, scope: HospitalScope, q: StatsRange): Promise<SeriesPoint[]> {
  const key = sql<string>`case ${report.rpt_good_status} when 2 then 'positive' when 1 then 'negative' else 'unmarked' end`;
  const rows = await db
    .select({ name: key, value: sql<number>`count(*)::int` })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        sql`${report.rpt_status} >= 1`,
        inDays(report.report_datetime, q.startTime, q.endTime),
      ),
    )
    .groupBy(key)
    .orderBy(key);
  return rows;
}
