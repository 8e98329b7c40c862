import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  USE_TIME_GOAL_MS,
  type UseTimeOverview,
  type UseTimeRecord,
  type UseTimeSave,
  type UseTimeScore,
} from '@shared/schemas/statistics';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hospital, useTime } from '../../platform/db/schema';
import { visibleStudy } from '../images';
import { inDays } from '../statistics';

/** Measurements are kept this long; older ones go with the next insert, at most once an hour. */
export const USE_TIME_KEEP_DAYS = 180;
const PRUNE_EVERY_MS = 3_600_000;
const lastPrune = new WeakMap<Db, number>();

/**
 * Stores what the viewer measured for a study the caller may open (404 outside their scope, as the viewer
 * answers). A measurement, not a change of data: no audit row (it would flood the audit trail).
 */
export async function saveUseTime(db: Db, me: AuthUser, input: UseTimeSave, now = new Date()): Promise<void> {
  const s = await visibleStudy(db, me, input.study_iuid);
  await db.insert(useTime).values({
    hospital_code: s.hospital_code,
    study_iuid: input.study_iuid,
    modality: s.modality,
    user_pk: me.pk,
    user_name: me.name,
    first_ms: input.first_ms,
    total_ms: input.total_ms,
    images: input.images,
    bytes: input.bytes,
  });
  if (now.getTime() - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  await db.delete(useTime).where(lt(useTime.create_time, new Date(now.getTime() - USE_TIME_KEEP_DAYS * 86_400_000)));
}

/** Outside the super administrator (who may hand monitor:useTime to no one else by default), the caller's hospital. */
const scoped = (me: AuthUser) => (me.isSuper ? undefined : eq(useTime.hospital_code, me.hospital_code));

const day = sql<string>`to_char(${useTime.create_time}, 'YYYY-MM-DD')`;
const score = sql<number>`round(100.0 * count(*) filter (where ${useTime.first_ms} <= ${sql.raw(String(USE_TIME_GOAL_MS))}) / nullif(count(*), 0))::int`;

/** The last 31 days with openings, newest first, and { day: openings } for the date selector. */
export async function useTimeOverview(db: Db, me: AuthUser): Promise<UseTimeOverview> {
  const rows = await db
    .select({
      date: day,
      sum: sql<number>`count(*)::int`,
      time: sql<number>`round(avg(${useTime.total_ms}))::int`,
      score,
    })
    .from(useTime)
    .where(scoped(me))
    .groupBy(day)
    .orderBy(desc(day))
    .limit(31);
  return { data: rows, data2: Object.fromEntries(rows.map((r) => [r.date, r.sum])) };
}

const MAX_RECORDS = 500;

/** One day's openings (newest first, at most 500), total_ms buckets, score, count and mean total_ms. */
export async function useTimeScore(db: Db, me: AuthUser, key: string): Promise<UseTimeScore> {
  const where = and(scoped(me), inDays(useTime.create_time, key, key));
  const [summary] = await db
    .select({
      sum: sql<number>`count(*)::int`,
      time: sql<number>`coalesce(round(avg(${useTime.total_ms})), 0)::int`,
      score: sql<number>`coalesce(${score}, 0)::int`,
      lt1s: sql<number>`count(*) filter (where ${useTime.total_ms} < 1000)::int`,
      from1to3s: sql<number>`count(*) filter (where ${useTime.total_ms} >= 1000 and ${useTime.total_ms} < 3000)::int`,
      from3to10s: sql<number>`count(*) filter (where ${useTime.total_ms} >= 3000 and ${useTime.total_ms} < 10000)::int`,
      ge10s: sql<number>`count(*) filter (where ${useTime.total_ms} >= 10000)::int`,
    })
    .from(useTime)
    .where(where);
  const data: UseTimeRecord[] = await db
    .select({
      pk: useTime.pk,
      hospital_code: useTime.hospital_code,
      hospital_name: sql<string>`coalesce(${hospital.name}, ${useTime.hospital_code})`,
      user_name: useTime.user_name,
      study_iuid: useTime.study_iuid,
      modality: useTime.modality,
      first_ms: useTime.first_ms,
      total_ms: useTime.total_ms,
      images: useTime.images,
      bytes: useTime.bytes,
      time: sql<string>`to_char(${useTime.create_time}, 'HH24:MI:SS')`,
    })
    .from(useTime)
    .leftJoin(hospital, eq(hospital.code, useTime.hospital_code))
    .where(where)
    .orderBy(desc(useTime.create_time), desc(useTime.pk))
    .limit(MAX_RECORDS);
  const s = summary!;
  return {
    data,
    data2: { lt1s: s.lt1s, '1to3s': s.from1to3s, '3to10s': s.from3to10s, ge10s: s.ge10s },
    score: s.score,
    sum: s.sum,
    time: s.time,
  };
}
