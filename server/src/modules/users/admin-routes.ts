import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  AdminUserRowSchema,
  ResetPasswordResultSchema,
  UserLockSchema,
  UserPkSchema,
  UserSavedSchema,
  UserSaveSchema,
} from '@shared/schemas/admin-user';
import { listExportRoute, listPageRoute } from '../../platform/list/routes';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { auditExport } from '../../platform/audit';
import { userAdminList } from './admin-list';
import { deleteUser, lockUser, resetPassword, saveUser } from './admin-service';
import { USER_EXPORT_COLUMNS } from './export-columns';
import { userSignRoutes } from './sign-routes';

const tags = ['user'];
const SYS_USER = PERMISSIONS.SYS_USER;

/** User administration: /user/findByPage, exportXls, save, lock, resetPassword, delete. */
export function userAdminRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'post',
    path: '/user/findByPage',
    tags,
    summary: "Users the caller manages (all for the super administrator, else their hospital's): generic list body",
    permission: SYS_USER,
    list: userAdminList,
    row: AdminUserRowSchema,
  });
  listExportRoute(app, {
    path: '/user/exportXls',
    tags,
    summary: 'Every user matching the filters, as an .xlsx file (at most 100,000 rows)',
    permission: SYS_USER,
    list: userAdminList,
    columns: USER_EXPORT_COLUMNS,
    fileName: { 'zh-CN': '用户', 'en-US': 'users' },
    audit: auditExport,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/save',
      tags,
      summary: 'Create (no pk; password by the configured policy) or edit a user of a hospital the caller manages',
      ...access(SYS_USER),
      request: jsonBody(UserSaveSchema),
      responses: okResponse(UserSavedSchema),
    }),
    async (c) => ok(c, await saveUser(c.var.deps, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/lock',
      tags,
      summary: 'Lock (their sessions end at once) or unlock a user; not oneself, not the last super administrator',
      ...access(SYS_USER),
      request: jsonBody(UserLockSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const { pk, lock } = c.req.valid('json');
      await lockUser(c.var.deps, callerOf(c), pk, lock);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/resetPassword',
      tags,
      summary: 'A one-time password the user must change at the next sign-in; their sessions end at once',
      ...access(SYS_USER),
      request: jsonBody(UserPkSchema),
      responses: okResponse(ResetPasswordResultSchema),
    }),
    async (c) => ok(c, await resetPassword(c.var.deps, callerOf(c), c.req.valid('json').pk)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/delete',
      tags,
      summary: 'Delete a user (their sessions end); not oneself, not the last super administrator',
      ...access(SYS_USER),
      request: jsonBody(UserPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteUser(c.var.deps, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  userSignRoutes(app);
  return app;
}
