import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { CONFIG_FILTERS, type ConfigRow } from '@shared/schemas/admin-config';
import { sysConfig } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { toConfigRow } from './admin';
import { configScope } from './scope';
import { escapeLike } from '../../platform/list/query';

/** Configuration entries: the keyword looks in the name and description (never in values: secrets). */
export const configList = defineList<ConfigRow, typeof CONFIG_FILTERS, 'name' | 'type' | 'status'>({
  name: 'config',
  sorts: { name: sysConfig.name, type: sysConfig.type, status: sysConfig.status },
  defaultSort: { column: 'name', order: 'asc' },
  tiebreak: sysConfig.pk,
  filters: CONFIG_FILTERS,
  where: (f, { user }) => {
    const where: SQL[] = [];
    const scope = configScope(user);
    if (scope) where.push(scope);
    if (f.keyword) {
      const like = `%${escapeLike(f.keyword)}%`;
      where.push(or(ilike(sysConfig.name, like), ilike(sysConfig.description, like))!);
    }
    if (f.type) where.push(eq(sysConfig.type, f.type));
    if (f.status) where.push(eq(sysConfig.status, Number(f.status)));
    return and(...where);
  },
  rows: async ({ db }, q) => {
    const rows = await db
      .select()
      .from(sysConfig)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(toConfigRow);
  },
  count: ({ db }, where) => db.$count(sysConfig, where),
});
