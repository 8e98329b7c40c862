import { and, eq, sql } from 'drizzle-orm';
import type { CountDetail, StatsRange } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { inDays } from './range';
import { userWorkCount } from './work-count';

/** The dashboard's headline figures (docs/statistics.md, countDatail). */
export async function countDetail(db: Db, scope: HospitalScope, q: StatsRange): Promise<CountDetail> {
  const [studies, reports, work] = await Promise.all([
    db
      .select({
        studies: sql<number>`count(*)::int`,
        patients: sql<number>`count(distinct ${study.hospital_code} || '|' || ${study.patient_id})::int`,
        images: sql<string>`coalesce(sum(${study.file_count}), 0)::text`,
        file_size: sql<string>`coalesce(sum(${study.file_size}), 0)::text`,
      })
      .from(study)
      .where(
        and(
          eq(study.is_del, 0),
          inScope(scope, study.hospital_code),
          inDays(study.study_datetime, q.startTime, q.endTime),
        ),
      ),
    db
      .select({
        positive: sql<number>`count(*) filter (where ${report.rpt_good_status} = 2)::int`,
        critical: sql<number>`count(*) filter (where ${report.is_critical} = 1)::int`,
      })
      .from(report)
      .innerJoin(study, eq(study.pk, report.study_pk))
      .where(
        and(
          eq(study.is_del, 0),
          inScope(scope, study.hospital_code),
          sql`${report.rpt_status} >= 1`,
          inDays(report.report_datetime, q.startTime, q.endTime),
        ),
      ),
    userWorkCount(db, scope, q),
  ]);
  const s = studies[0]!;
  const total = work.at(-1)!;
  return {
    studies: s.studies,
    patients: s.patients,
    images: Number(s.images),
    file_size: Number(s.file_size),
    written: total.countrc,
    audited: total.countrs,
    positive: reports[0]!.positive,
    critical: reports[0]!.critical,
  };
}
