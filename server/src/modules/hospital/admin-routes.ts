import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { HospitalRowSchema, HospitalSaveSchema } from '@shared/schemas/admin-org';
import { DeleteByPkSchema } from '@shared/schemas/list';
import { listExportRoute, listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { auditExport } from '../../platform/audit';
import { callerOf } from '../../platform/http/caller';
import { HOSPITAL_EXPORT_COLUMNS, hospitalList } from './admin-list';
import { deleteHospital, saveHospital } from './admin-service';
import { hospitalImageRoutes } from './image-routes';

const tags = ['hospital'];

/** Hospital administration: /hospital/list, save, delete and the xlsx export (sys:hospital). */
export function hospitalAdminRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'post',
    path: '/hospital/list',
    tags,
    summary:
      'Hospitals: generic list contract in the body (pageNumber, pageSize, column, order, filters {keyword}); a non-super administrator sees only their own',
    permission: PERMISSIONS.SYS_HOSPITAL,
    list: hospitalList,
    row: HospitalRowSchema,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/save',
      tags,
      summary:
        'Create (no pk: super administrator only) or update a hospital; sn and code unique (409); others edit only their own, not its sn or code',
      ...access(PERMISSIONS.SYS_HOSPITAL),
      request: jsonBody(HospitalSaveSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const row = await saveHospital(c.var.deps.db, callerOf(c), c.req.valid('json'));
      return ok(c, { pk: row.pk });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/delete',
      tags,
      summary:
        'Delete a hospital (super administrator only); refused (409) while it has studies, users, DICOM devices or scan items',
      ...access(PERMISSIONS.SYS_HOSPITAL),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteHospital(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  listExportRoute(app, {
    path: '/hospital/exportXls',
    tags,
    summary: 'The hospitals matching the filters, as an .xlsx file',
    permission: PERMISSIONS.SYS_HOSPITAL,
    list: hospitalList,
    columns: HOSPITAL_EXPORT_COLUMNS,
    fileName: { 'zh-CN': '医院', 'en-US': 'hospitals' },
    audit: auditExport,
  });
  hospitalImageRoutes(app);
  return app;
}
