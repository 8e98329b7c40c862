import { and, sql } from 'drizzle-orm';
import type { MeetingCountRow, StatsRange } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { consultation } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { namesOf } from './hospital-count';
import { inDays } from './range';

/** Consultations per hospital in the range (consult_time) by disciplines; sorted by hospital name, then the total row. */
export async function meetingCount(db: Db, scope: HospitalScope, q: StatsRange): Promise<MeetingCountRow[]> {
  const rows = await db
    .select({
      code: consultation.hospital_code,
      count: sql<number>`count(*)::int`,
      single: sql<number>`count(*) filter (where ${consultation.disciplines} = 1)::int`,
      dual: sql<number>`count(*) filter (where ${consultation.disciplines} = 2)::int`,
      multi: sql<number>`count(*) filter (where ${consultation.disciplines} >= 3)::int`,
    })
    .from(consultation)
    .where(and(inScope(scope, consultation.hospital_code), inDays(consultation.consult_time, q.startTime, q.endTime)))
    .groupBy(consultation.hospital_code);
  const names = await namesOf(
    db,
    rows.map((r) => r.code),
  );
  const list: MeetingCountRow[] = rows
    .map(({ code, ...n }) => ({
      sn: names.get(code)?.sn ?? '',
      hospital_name: names.get(code)?.name ?? code,
      ...n,
      total: false,
    }))
    .sort((a, b) => a.hospital_name.localeCompare(b.hospital_name));
  const sum = (k: 'count' | 'single' | 'dual' | 'multi') => list.reduce((n, r) => n + r[k], 0);
  return [
    ...list,
    {
      sn: '',
      hospital_name: '',
      count: sum('count'),
      single: sum('single'),
      dual: sum('dual'),
      multi: sum('multi'),
      total: true,
    },
  ];
}
