import type { z } from 'zod';
import type { OrderListRequestSchema, StudyRow } from '@shared/schemas/order';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import type { ExportSource } from '../../platform/list/xlsx-export';
import { countStudies, orderBy, studySelect, studyWhere, toStudyRow } from './query';
import { orderFilter } from './service';

/** Every study the worklist query matches, in its order, for the export (paging ignored). */
export async function orderExportSource(
  db: Db,
  me: AuthUser,
  q: z.output<typeof OrderListRequestSchema>,
): Promise<ExportSource<StudyRow>> {
  const where = studyWhere(await orderFilter(db, me, q));
  return {
    count: () => countStudies(db, where, !!q.rpt_status?.length),
    batch: async (limit, offset) => {
      const rows = await studySelect(db, me.pk)
        .where(where)
        .orderBy(...orderBy(q.sort))
        .limit(limit)
        .offset(offset);
      return rows.map(toStudyRow);
    },
  };
}
