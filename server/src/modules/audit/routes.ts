import { createRoute } from '@hono/zod-openapi';
import dayjs from 'dayjs';
import { PERMISSIONS } from '@shared/permissions';
import { AuditRowSchema } from '@shared/schemas/audit';
import { pageOf } from '@shared/schemas/common';
import { clientMeta } from '../../lib/client-meta';
import { exportQuerySchema, listQuerySchema } from '../../lib/list/define';
import { listPage, listSource } from '../../lib/list/query';
import { xlsxResponse } from '../../lib/list/xlsx-export';
import { ok } from '../../lib/respond';
import { okResponse } from '../../lib/route';
import { newRouter } from '../../lib/router';
import { access } from '../../middleware/auth';
import { AUDIT_EXPORT_COLUMNS } from './export-columns';
import { auditList } from './list';
import { auditExport } from './service';

const tags = ['audit'];

/** The audit trail: who changed what, when, before and after. */
export function auditRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/audit/list',
      tags,
      summary:
        'The audit trail: generic list query (filters username, action, target, startDate, endDate; default time desc)',
      ...access(PERMISSIONS.SYS_AUDIT),
      request: { query: listQuerySchema(auditList) },
      responses: okResponse(pageOf(AuditRowSchema)),
    }),
    async (c) => ok(c, await listPage(auditList, { db: c.var.deps.db, user: c.var.user }, c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/audit/exportXls',
      tags,
      summary: 'Every audit row matching the filters, as an .xlsx file (at most 100,000 rows)',
      ...access(PERMISSIONS.SYS_AUDIT),
      request: { query: exportQuerySchema(auditList) },
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const me = c.var.user;
      const q = c.req.valid('query');
      const day = dayjs().format('YYYYMMDD');
      return xlsxResponse(c, {
        fileName: { 'zh-CN': `操作日志-${day}`, 'en-US': `audit-trail-${day}` },
        columns: AUDIT_EXPORT_COLUMNS,
        source: await listSource(auditList, { db, user: me }, q),
        onStart: (rows) => auditExport(db, me, { list: 'audit', filters: q.filters, rows, ip: clientMeta(c).ip }),
      });
    },
  );
  return app;
}
