import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { PwdErrorKeySchema, PwdErrorRowSchema } from '@shared/schemas/auth';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { deletePwdError, listPwdErrors } from './service';
import { useTimeRoutes } from './use-time-routes';

const tags = ['monitor'];

export function monitorRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/monitor/queryPwdErrorList',
      tags,
      summary: 'Failed sign-ins per username',
      ...access(PERMISSIONS.PWD_ERROR_LIST),
      responses: okResponse(z.array(PwdErrorRowSchema)),
    }),
    async (c) => ok(c, await listPwdErrors(c.var.deps.db, c.var.user)),
  );
  for (const method of ['post', 'delete'] as const) {
    app.openapi(
      createRoute({
        method,
        path: '/monitor/delPwdErrorInfo',
        tags,
        summary: 'Delete a password error entry and lift the lock (role 1 only)',
        ...access(PERMISSIONS.PWD_ERROR_LIST),
        request: jsonBody(PwdErrorKeySchema),
        responses: okResponse(z.null()),
      }),
      async (c) => {
        await deletePwdError(c.var.deps.db, c.var.user, c.req.valid('json').key);
        return ok(c, null);
      },
    );
  }
  app.route('/', useTimeRoutes());
  return app;
}
