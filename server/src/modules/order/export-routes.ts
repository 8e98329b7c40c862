import { createRoute } from '@hono/zod-openapi';
import dayjs from 'dayjs';
import { PERMISSIONS } from '@shared/permissions';
import { OrderListRequestSchema } from '@shared/schemas/order';
import { clientMeta } from '../../lib/client-meta';
import { xlsxResponse } from '../../lib/list/xlsx-export';
import { jsonBody } from '../../lib/route';
import { newRouter } from '../../lib/router';
import { access } from '../../middleware/auth';
import { auditExport } from '../audit/service';
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
      const { db } = c.var.deps;
      const me = c.var.user;
      const { pageNumber: _n, pageSize: _s, ...q } = c.req.valid('json');
      const day = dayjs().format('YYYYMMDD');
      return xlsxResponse(c, {
        fileName: { 'zh-CN': `影像列表-${day}`, 'en-US': `worklist-${day}` },
        columns: STUDY_EXPORT_COLUMNS,
        source: await orderExportSource(db, me, c.req.valid('json')),
        onStart: (rows) => auditExport(db, me, { list: 'worklist', filters: q, rows, ip: clientMeta(c).ip }),
      });
    },
  );
  return app;
}
