import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { MonthCountRow, MonthQueryType } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, statMonthDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays, inMonth } from './range';

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

interface MonthTally {
  modality: string;
  body_part: string;
  emergency: number;
  exam: number;
  total: number;
  parts: number;
}
type MonthSource = (db: Db, scope: HospitalScope, q: MonthCountQuery) => Promise<MonthTally[]>;

/** The direct query: the studies of the period with their first report. */
const directMonth: MonthSource = (db, scope, q) =>
  db
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

/** The same from the counts kept per day (basis: the date queryType names). */
const rolledMonth: MonthSource = (db, scope, q) => {
  const t = statMonthDay;
  const studies = (filter: SQL) => sql<number>`coalesce(sum(${t.studies}) filter (where ${filter}), 0)::int`;
  return db
    .select({
      modality: t.modality,
      body_part: t.study_desc,
      emergency: studies(sql`${t.patient_type} = ${EMERGENCY}`),
      exam: studies(sql`${t.patient_type} = ${PHYSICAL_EXAM}`),
      total: sql<number>`sum(${t.studies})::int`,
      parts: sql<number>`coalesce(sum(${t.parts}), 0)::int`,
    })
    .from(t)
    .where(
      and(
        eq(t.basis, q.queryType ?? 'study'),
        inScope(scope, t.hospital_code),
        'month' in q.period ? inMonth(t.day, q.period.month) : daysIn(t.day, q.period.start, q.period.end),
        q.patient_type ? eq(t.patient_type, q.patient_type) : undefined,
        q.modality ? eq(t.modality, q.modality) : undefined,
      ),
    )
    .groupBy(t.modality, t.study_desc)
    .having(sql`sum(${t.studies}) > 0`)
    .orderBy(t.modality, t.study_desc);
};

/**
 * Live studies of the period per modality and body part (study_desc), by patient type; then the total row.
 * patient_type and modality narrow the studies counted.
 */
export async function monthCountByBodyPart(
  db: Db,
  scope: HospitalScope,
  q: MonthCountQuery,
  source: MonthSource = rolledMonth,
): Promise<MonthCountRow[]> {
  const rows = await source(db, scope, q);
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

export const directMonthCount = (db: Db, scope: HospitalScope, q: MonthCountQuery) =>
  monthCountByBodyPart(db, scope, q, directMonth);
