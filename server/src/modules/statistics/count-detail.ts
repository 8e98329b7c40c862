import { and, eq, sql } from 'drizzle-orm';
import type { CountDetail, StatsRange } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, statReportDay, statStudyDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays } from './range';
import { directTally, rolledTally, userWorkCount } from './work-count';

interface Figures {
  studies: number;
  patients: number;
  images: string;
  file_size: string;
  positive: number;
  critical: number;
}

type FiguresSource = (db: Db, scope: HospitalScope, q: StatsRange) => Promise<Figures>;

const liveStudies = (scope: HospitalScope, q: StatsRange) =>
  and(eq(study.is_del, 0), inScope(scope, study.hospital_code), inDays(study.study_datetime, q.startTime, q.endTime));
const patients = sql<number>`count(distinct ${study.hospital_code} || '|' || ${study.patient_id})::int`;

/** The direct queries: the studies and the reports of the range themselves. */
const directFigures: FiguresSource = async (db, scope, q) => {
  const [[s], [r]] = await Promise.all([
    db
      .select({
        studies: sql<number>`count(*)::int`,
        patients,
        images: sql<string>`coalesce(sum(${study.file_count}), 0)::text`,
        file_size: sql<string>`coalesce(sum(${study.file_size}), 0)::text`,
      })
      .from(study)
      .where(liveStudies(scope, q)),
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
  ]);
  return { ...s!, ...r! };
};

/**
 * From the counts kept per day, but for the patients: distinct over the studies, it cannot be summed from
 * days (a patient seen on two days is one), so it stays a query over the range's studies.
 */
const rolledFigures: FiguresSource = async (db, scope, q) => {
  const [[p], [s], [r]] = await Promise.all([
    db.select({ patients }).from(study).where(liveStudies(scope, q)),
    db
      .select({
        studies: sql<number>`coalesce(sum(${statStudyDay.studies}), 0)::int`,
        images: sql<string>`coalesce(sum(${statStudyDay.images}), 0)::text`,
        file_size: sql<string>`coalesce(sum(${statStudyDay.bytes}), 0)::text`,
      })
      .from(statStudyDay)
      .where(
        and(
          eq(statStudyDay.basis, 's'),
          inScope(scope, statStudyDay.hospital_code),
          daysIn(statStudyDay.day, q.startTime, q.endTime),
        ),
      ),
    db
      .select({
        positive: sql<number>`coalesce(sum(${statReportDay.positive}), 0)::int`,
        critical: sql<number>`coalesce(sum(${statReportDay.critical}), 0)::int`,
      })
      .from(statReportDay)
      .where(
        and(
          eq(statReportDay.stage, 'c'),
          inScope(scope, statReportDay.hospital_code),
          daysIn(statReportDay.day, q.startTime, q.endTime),
        ),
      ),
  ]);
  return { ...p!, ...s!, ...r! };
};

/** The dashboard's headline figures (docs/statistics.md, countDatail). */
export async function countDetail(db: Db, scope: HospitalScope, q: StatsRange, direct = false): Promise<CountDetail> {
  const [f, work] = await Promise.all([
    (direct ? directFigures : rolledFigures)(db, scope, q),
    userWorkCount(db, scope, q, direct ? directTally : rolledTally),
  ]);
  const total = work.at(-1)!;
  return {
    studies: f.studies,
    patients: f.patients,
    images: Number(f.images),
    file_size: Number(f.file_size),
    written: total.countrc,
    audited: total.countrs,
    positive: f.positive,
    critical: f.critical,
  };
}

export const directCountDetail = (db: Db, scope: HospitalScope, q: StatsRange) => countDetail(db, scope, q, true);
