import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { RPT_STATUSES } from '@shared/constants';
import type { OrderChart } from '@shared/schemas/order-calls';
import type { OrderListRequestSchema } from '@shared/schemas/order';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { studyWhere } from './query';
import { orderFilter } from './service';

/**
 * POST /api/order/queryChart: the worklist's filter counted instead of paged (paging and sort ignored), so
 * the chart above the list always agrees with its total. One grouped query over status and modality.
 */
export async function orderChart(
  db: Db,
  me: AuthUser,
  q: z.output<typeof OrderListRequestSchema>,
): Promise<OrderChart> {
  const where = studyWhere(await orderFilter(db, me, q));
  const rows = await db
    .select({ status: report.rpt_status, modality: study.modality, n: sql<number>`count(*)::int` })
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(where)
    .groupBy(report.rpt_status, study.modality);
  const byStatus = new Map<number, number>(RPT_STATUSES.map((s) => [s, 0]));
  const byModality = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + n);
    byModality.set(r.modality, (byModality.get(r.modality) ?? 0) + n);
  }
  return {
    total,
    rpt_status: [...byStatus].sort(([a], [b]) => a - b).map(([s, value]) => ({ name: String(s), value })),
    modality: [...byModality]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([name, value]) => ({ name, value })),
  };
}
