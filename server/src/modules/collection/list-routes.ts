import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { BatchDeleteResultSchema, BatchDeleteSchema } from '@shared/schemas/list';
import { StudyRowSchema } from '@shared/schemas/order';
import { listExportRoute, listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { auditExport } from '../../platform/audit';
import { STUDY_EXPORT_COLUMNS } from '../order';
import { collectionList } from './list';
import { removeManyFromCollection } from './service';

const tags = ['collection'];

/** The favourites on the generic list contract: GET list, batch delete, xlsx export. */
export function collectionListRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'get',
    path: '/collection/list',
    tags,
    summary: "The caller's favourite studies: generic list query (pageNumber, pageSize, column, order, filters)",
    permission: PERMISSIONS.USER,
    list: collectionList,
    row: StudyRowSchema,
  });
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
  listExportRoute(app, {
    path: '/collection/exportXls',
    tags,
    summary: 'Every favourite matching the filters, as an .xlsx file (at most 100,000 rows)',
    permission: PERMISSIONS.USER,
    list: collectionList,
    columns: STUDY_EXPORT_COLUMNS,
    fileName: { 'zh-CN': '我的收藏', 'en-US': 'favourites' },
    audit: auditExport,
  });
  return app;
}
