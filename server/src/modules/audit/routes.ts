import { PERMISSIONS } from '@shared/permissions';
import { AuditRowSchema } from '@shared/schemas/audit';
import { listExportRoute, listPageRoute } from '../../platform/list/routes';
import { newRouter } from '../../platform/http/router';
import { AUDIT_EXPORT_COLUMNS } from './export-columns';
import { auditList } from './list';
import { auditExport } from '../../platform/audit';

const tags = ['audit'];

/** The audit trail: who changed what, when, before and after. */
export function auditRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'get',
    path: '/audit/list',
    tags,
    summary:
      'The audit trail: generic list query (filters username, action, target, startDate, endDate; default time desc)',
    permission: PERMISSIONS.SYS_AUDIT,
    list: auditList,
    row: AuditRowSchema,
  });
  listExportRoute(app, {
    path: '/audit/exportXls',
    tags,
    summary: 'Every audit row matching the filters, as an .xlsx file (at most 100,000 rows)',
    permission: PERMISSIONS.SYS_AUDIT,
    list: auditList,
    columns: AUDIT_EXPORT_COLUMNS,
    fileName: { 'zh-CN': '操作日志', 'en-US': 'audit-trail' },
    audit: auditExport,
  });
  return app;
}
