import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { OrderListRequestSchema } from '@shared/schemas/order';
import { auditedXlsx } from '../../platform/list/audited-xlsx';
import { jsonBody } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { auditExport } from '../../platform/audit';
import { STUDY_EXPORT_COLUMNS } from './export-columns';
import { orderExportSource } from './export';

export function orderExportRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/exportXls',
      tags: ['order'],
      summary: 'Every study the worklist query matches, as an .xlsx file (same body as OrderList; paging ignored)',
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(OrderListRequestSchema),
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const { pageNumber: _n, pageSize: _s, ...filters } = c.req.valid('json');
      return auditedXlsx(c, {
        list: 'worklist',
        filters,
        fileName: { 'zh-CN': '影像列表', 'en-US': 'worklist' },
        columns: STUDY_EXPORT_COLUMNS,
        source: await orderExportSource(c.var.deps.db, c.var.user, c.req.valid('json')),
        audit: auditExport,
      });
    },
  );
  return app;
}
