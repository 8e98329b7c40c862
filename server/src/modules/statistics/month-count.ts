import { and, eq, sql } from 'drizzle-orm';
import type { MonthCountRow } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { inMonth } from './range';

const EMERGENCY = 3;
const PHYSICAL_EXAM = 4;

/** Studies of the month per modality and body part (study_desc), by patient type; then the total row. */
export async function monthCountByBodyPart(db: Db, scope: HospitalScope, month: string): Promise<MonthCountRow[]> {
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
    .where(and(eq(study.is_del, 0), inScope(scope, study.hospital_code), inMonth(study.study_datetime, month)))
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
