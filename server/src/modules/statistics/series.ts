import { and, eq, sql, type SQL } from 'drizzle-orm';
import { RAY_MODALITIES, type SeriesCall, type SeriesPoint, type StatsRange } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { inDays } from './range';

/** Age decade of a DICOM-style age ('045Y'); months, days and hours are under a year: '0-9'. '' unknown. */
const ageRange = sql<string>`case
  when ${study.patient_age} ~ '^[0-9]+Y$' then
    case when left(${study.patient_age}, -1)::int >= 80 then '80+'
    else (left(${study.patient_age}, -1)::int / 10 * 10)::text || '-' || (left(${study.patient_age}, -1)::int / 10 * 10 + 9)::text end
  when ${study.patient_age} ~ '^[0-9]+[MDH]$' then '0-9'
  else '' end`;

/** What each series groups by, and which time column puts a study in the range. */
const STUDY_SERIES: Record<Exclude<SeriesCall, 'positiveCount'>, { key: SQL<string>; registered?: true }> = {
  rangeList: { key: sql<string>`to_char(${study.study_datetime}, 'YYYY-MM-DD')` },
  hospitalmodalityCount: { key: sql<string>`${study.modality}` },
  hourCount: { key: sql<string>`to_char(${study.study_datetime}, 'HH24')` },
  hourRegisterCount: { key: sql<string>`to_char(${study.create_time}, 'HH24')`, registered: true },
  ageRangeCount: { key: ageRange },
  countPatientSex: { key: sql<string>`${study.patient_sex}` },
  patientTypeCount: { key: sql<string>`coalesce(${study.patient_type}::text, '')` },
  descriptionCount: { key: sql<string>`${study.study_desc}` },
  ageRangeRegisterCount: { key: ageRange, registered: true },
  raycount: {
    // The list as literals, not parameters: the key is repeated in GROUP BY, where parameters would make
    // it a different expression from the selected one.
    key: sql<string>`case when ${study.modality} in (${sql.raw(RAY_MODALITIES.map((m) => `'${m}'`).join(', '))}) then 'ray' else 'nonRay' end`,
  },
  patientPhoneCount: {
    key: sql<string>`case when btrim(${study.patient_phone}) <> '' then 'withPhone' else 'withoutPhone' end`,
  },
  sqDoctorList: { key: sql<string>`${study.sq_doctor}` },
};

export async function series(db: Db, scope: HospitalScope, call: SeriesCall, q: StatsRange): Promise<SeriesPoint[]> {
  if (call === 'positiveCount') return positiveCount(db, scope, q);
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
