import dayjs from 'dayjs';
import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { CRITICAL_FILTERS, type CriticalRow, type CriticalSort, type CriticalSummary } from '@shared/schemas/critical';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { criticalResult, study } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { likeText } from '../../platform/list/query';
import { hospitalScope, inScope } from '../../platform/hospital-scope';
import type { z } from 'zod';
import { selectCritical, shownCritical } from './rows';

type Filters = Partial<{ [K in keyof typeof CRITICAL_FILTERS]: z.output<(typeof CRITICAL_FILTERS)[K]> }>;

/** The list's and the summary's conditions: the caller's hospital (any, by sn, for the super administrator). */
export async function criticalWhere(db: Db, user: AuthUser, f: Filters): Promise<SQL | undefined> {
  return and(
    inScope(await hospitalScope(db, user, f.sn || undefined), criticalResult.hospital_code),
    f.status ? eq(criticalResult.status, Number(f.status)) : undefined,
    f.escalated === '1' ? sql`${criticalResult.escalated_at} is not null` : undefined,
    f.escalated === '0' ? sql`${criticalResult.escalated_at} is null` : undefined,
    f.department ? eq(criticalResult.department, f.department) : undefined,
    f.patient_name ? ilike(study.patient_name, likeText(f.patient_name)) : undefined,
    f.startDate ? gte(criticalResult.set_at, dayjs(f.startDate).startOf('day').toDate()) : undefined,
    f.endDate ? lt(criticalResult.set_at, dayjs(f.endDate).add(1, 'day').startOf('day').toDate()) : undefined,
  );
}

/** POST /api/critical/list: the hospital's critical results, newest first. */
export const criticalList = defineList<CriticalRow, typeof CRITICAL_FILTERS, CriticalSort>({
  name: 'criticalResults',
  sorts: { set_at: criticalResult.set_at, ack_at: criticalResult.ack_at },
  defaultSort: { column: 'set_at', order: 'desc' },
  tiebreak: criticalResult.pk,
  filters: CRITICAL_FILTERS,
  where: (f, { db, user }) => criticalWhere(db, user, f),
  rows: async ({ db }, q) =>
    (
      await selectCritical(db)
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(q.limit)
        .offset(q.offset)
    ).map(shownCritical),
  count: async ({ db }, where) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(criticalResult)
      .innerJoin(study, eq(study.pk, criticalResult.study_pk))
      .where(where);
    return Number(row?.n ?? 0);
  },
});

/** Counts by state and the minutes to acknowledgement (median, 90th percentile), over the same conditions. */
export async function criticalSummary(db: Db, where: SQL | undefined): Promise<CriticalSummary> {
  const minutes = sql`extract(epoch from (${criticalResult.ack_at} - ${criticalResult.set_at})) / 60`;
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${criticalResult.status} = 0))::int`,
      acknowledged: sql<number>`(count(*) filter (where ${criticalResult.status} = 1))::int`,
      withdrawn: sql<number>`(count(*) filter (where ${criticalResult.status} = 2))::int`,
      escalated: sql<number>`(count(*) filter (where ${criticalResult.escalated_at} is not null))::int`,
      median: sql<
        string | null
      >`percentile_cont(0.5) within group (order by ${minutes}) filter (where ${criticalResult.status} = 1)`,
      p90: sql<
        string | null
      >`percentile_cont(0.9) within group (order by ${minutes}) filter (where ${criticalResult.status} = 1)`,
    })
    .from(criticalResult)
    .innerJoin(study, eq(study.pk, criticalResult.study_pk))
    .where(where);
  const round = (v: string | null | undefined) =>
    v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
  return {
    total: Number(r?.total ?? 0),
    open: Number(r?.open ?? 0),
    acknowledged: Number(r?.acknowledged ?? 0),
    withdrawn: Number(r?.withdrawn ?? 0),
    escalated: Number(r?.escalated ?? 0),
    ack_median_minutes: round(r?.median),
    ack_p90_minutes: round(r?.p90),
  };
}
