import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { MonthCountRow, MonthQueryType } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { inDays, inMonth } from './range';

const EMERGENCY = 3;
const PHYSICAL_EXAM = 4;

export interface MonthCountQuery {
  /** A month (YYYY-MM) or a range of days, both ends included. */
  period: { month: string } | { start: string; end: string };
  queryType?: MonthQueryType | undefined;
  patient_type?: number | undefined;
  modality?: string | undefined;
}

/** The date that puts a study in the period, with the report state that date needs (queryType). */
function periodWhere(q: MonthCountQuery): SQL {
  const { column, state } = {
    study: { column: study.study_datetime, state: undefined },
    report: { column: report.report_datetime, state: gte(report.rpt_status, 1) },
    audit: { column: report.sh_datetime, state: eq(report.rpt_status, 2) },
  }[q.queryType ?? 'study'];
  const range = 'month' in q.period ? inMonth(column, q.period.month) : inDays(column, q.period.start, q.period.end);
  return and(range, state)!;
}

/**
 * Live studies of the period per modality and body part (study_desc), by patient type; then the total row.
 * patient_type and modality narrow the studies counted.
 */
export async function monthCountByBodyPart(db: Db, scope: HospitalScope, q: MonthCountQuery): Promise<MonthCountRow[]> {
  const rows = await db
    .select({
      modality: study.modality,
      body_part: study.study_desc,
      emergency: sql<number>`count(*) filter (where ${study.patient_type} = ${EMERGENCY})::int`,
      exam: sql<number>`count(*) filter (where ${study.patient_type} = ${PHYSICAL_EXAM})::int`,
      total: sql<number>`count(*)::int`,
      parts: sql<number>`coalesce(sum(${study.parts_count}), 0)::int`,
    })
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        periodWhere(q),
        q.patient_type ? eq(study.patient_type, q.patient_type) : undefined,
        q.modality ? eq(study.modality, q.modality) : undefined,
      ),
    )
    .groupBy(study.modality, study.study_desc)
    .orderBy(study.modality, study.study_desc);
  const list: MonthCountRow[] = rows.map((r) => ({
    ...r,
    routine: r.total - r.emergency - r.exam,
    is_total: false,
  }));
  const sum = (k: 'routine' | 'emergency' | 'exam' | 'total' | 'parts') => list.reduce((n, r) => n + r[k], 0);
  return [
    ...list,
    {
      modality: '',
      body_part: '',
      routine: sum('routine'),
      emergency: sum('emergency'),
      exam: sum('exam'),
      total: sum('total'),
      parts: sum('parts'),
      is_total: true,
    },
  ];
}
