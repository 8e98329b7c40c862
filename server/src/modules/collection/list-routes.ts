import { createRoute } from '@hono/zod-openapi';
import dayjs from 'dayjs';
import { PERMISSIONS } from '@shared/permissions';
import { pageOf } from '@shared/schemas/common';
import { BatchDeleteResultSchema, BatchDeleteSchema } from '@shared/schemas/list';
import { StudyRowSchema } from '@shared/schemas/order';
import { clientMeta } from '../../lib/client-meta';
import { exportQuerySchema, listQuerySchema } from '../../lib/list/define';
import { listPage, listSource } from '../../lib/list/query';
import { xlsxResponse } from '../../lib/list/xlsx-export';
import { ok } from '../../lib/respond';
import { jsonBody, okResponse } from '../../lib/route';
import { access } from '../../middleware/auth';
import { newRouter } from '../../lib/router';
import { auditExport } from '../audit/service';
import { STUDY_EXPORT_COLUMNS } from '../order/export-columns';
import { collectionList } from './list';
import { removeManyFromCollection } from './service';

const tags = ['collection'];

/** The favourites on the generic list contract: GET list, batch delete, xlsx export. */
export function collectionListRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/collection/list',
      tags,
      summary: "The caller's favourite studies: generic list query (pageNumber, pageSize, column, order, filters)",
      ...access(PERMISSIONS.USER),
      request: { query: listQuerySchema(collectionList) },
      responses: okResponse(pageOf(StudyRowSchema)),
    }),
    async (c) => {
      const { db } = c.var.deps;
      return ok(c, await listPage(collectionList, { db, user: c.var.user }, c.req.valid('query')));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/collection/deleteBatch',
      tags,
      summary: 'Remove studies (comma-joined study_iuid) from the favourites',
      ...access(PERMISSIONS.USER),
      request: jsonBody(BatchDeleteSchema),
      responses: okResponse(BatchDeleteResultSchema),
    }),
    async (c) => {
      const deleted = await removeManyFromCollection(c.var.deps.db, c.var.user, c.req.valid('json').ids);
      return ok(c, { deleted });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/collection/exportXls',
      tags,
      summary: 'Every favourite matching the filters, as an .xlsx file (at most 100,000 rows)',
      ...access(PERMISSIONS.USER),
      request: { query: exportQuerySchema(collectionList) },
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const me = c.var.user;
      const q = c.req.valid('query');
      const day = dayjs().format('YYYYMMDD');
      return xlsxResponse(c, {
        fileName: { 'zh-CN': `我的收藏-${day}`, 'en-US': `favourites-${day}` },
        columns: STUDY_EXPORT_COLUMNS,
        source: await listSource(collectionList, { db, user: me }, q),
        onStart: (rows) => auditExport(db, me, { list: 'collection', filters: q.filters, rows, ip: clientMeta(c).ip }),
      });
    },
  );
  return app;
}
