import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { AppCredentialsSchema, AppEditSchema, AppPkSchema, AppRowSchema, AppSaveSchema } from '@shared/schemas/apps';
import { callerOf } from '../../platform/http/caller';
import { listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { appList } from './list';
import { createApp, deleteApp, editApp, resetAppSecret } from './service';

const tags = ['apps'];
const P = PERMISSIONS.SYS_APP;

/** Third-party apps (OAuth clients): /app/* for the super administrator (sys:app). docs/oauth.md. */
export function appRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'get',
    path: '/app/queryList',
    tags,
    summary:
      'Third-party apps: generic list query (filters app_name, create_time_begin, create_time_end); never a secret',
    permission: P,
    list: appList,
    row: AppRowSchema,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/app/save',
      tags,
      summary: 'Register an app: answers its client_id and client_secret (the secret only this once)',
      ...access(P),
      request: jsonBody(AppSaveSchema),
      responses: okResponse(AppCredentialsSchema),
    }),
    async (c) => ok(c, await createApp(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/app/edit',
      tags,
      summary: "Change an app's name, addresses, redirect URIs, remark, logo and favicon (not its secret)",
      ...access(P),
      request: jsonBody(AppEditSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await editApp(c.var.deps.db, callerOf(c), body);
      return ok(c, { pk: body.pk });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/app/delete',
      tags,
      summary: 'Delete an app; its codes and tokens stop working',
      ...access(P),
      request: jsonBody(AppPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteApp(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/app/resetSecret',
      tags,
      summary: 'Issue a new client secret (answered once); the old one stops working',
      ...access(P),
      request: jsonBody(AppPkSchema),
      responses: okResponse(AppCredentialsSchema),
    }),
    async (c) => ok(c, await resetAppSecret(c.var.deps.db, callerOf(c), c.req.valid('json').pk)),
  );
  return app;
}
