import dayjs from 'dayjs';
import { and, gte, ilike, lt } from 'drizzle-orm';
import { APP_FILTERS, type AppRow, type AppSort } from '@shared/schemas/apps';
import type { DbOrTx } from '../../platform/db/client';
import { sysApp } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { fmt } from '../../platform/core/time';
import { likeText } from '../../platform/list/query';

type AppRecord = typeof sysApp.$inferSelect;

/** An app as the list shows it: never the secret nor its hash. */
export function toAppRow(r: AppRecord): AppRow {
  return {
    pk: r.pk,
    app_name: r.app_name,
    client_id: r.client_id,
    server_url: r.server_url,
    remark: r.remark,
    redirect_uris: r.redirect_uris,
    group_logo: r.group_logo,
    group_favicon: r.group_favicon,
    order_hospital_code: r.order_hospital_code,
    create_name: r.create_name,
    create_time: fmt(r.create_time),
    update_name: r.update_name,
    update_time: fmt(r.update_time),
  };
}

const selectApps = (db: DbOrTx) => db.select().from(sysApp);

/** GET /app/queryList: app_name contains, created between two dates (inclusive, server time zone). */
export const appList = defineList<AppRow, typeof APP_FILTERS, AppSort>({
  name: 'app',
  sorts: {
    create_time: sysApp.create_time,
    update_time: sysApp.update_time,
    app_name: sysApp.app_name,
    pk: sysApp.pk,
  },
  defaultSort: { column: 'create_time', order: 'desc' },
  tiebreak: sysApp.pk,
  filters: APP_FILTERS,
  where: (f) =>
    and(
      f.app_name ? ilike(sysApp.app_name, likeText(f.app_name)) : undefined,
      f.create_time_begin ? gte(sysApp.create_time, dayjs(f.create_time_begin).startOf('day').toDate()) : undefined,
      f.create_time_end
        ? lt(sysApp.create_time, dayjs(f.create_time_end).add(1, 'day').startOf('day').toDate())
        : undefined,
    ),
  rows: async ({ db }, q) =>
    (
      await selectApps(db)
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(q.limit)
        .offset(q.offset)
    ).map(toAppRow),
  count: async ({ db }, where) => Number(await db.$count(sysApp, where)),
});
