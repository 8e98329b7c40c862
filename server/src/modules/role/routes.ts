import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  RolePermissionsQuerySchema,
  RolePermissionsSchema,
  RolePkSchema,
  RoleRowSchema,
  RoleSavePermissionsSchema,
  RoleSaveSchema,
} from '@shared/schemas/admin-role';
import { clientMeta } from '../../platform/http/client-meta';
import { forbidden } from '../../platform/core/errors';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { rolePermissions, saveRolePermissions } from './permissions';
import { deleteRole, listRoles, saveRole } from './service';

const tags = ['role'];

/** Roles and their permissions: /role/*. */
export function roleRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/role/roleList',
      tags,
      summary: 'The roles the caller may assign (sys:role or sys:user): never role 1 nor a role beyond their own',
      // Two permissions open it (the roles screen and the user form), so the check is the handler's.
      ...access('session'),
      responses: okResponse(z.array(RoleRowSchema)),
    }),
    async (c) => {
      const me = c.var.user;
      if (!me.isSuper && !me.perms.has(PERMISSIONS.SYS_ROLE) && !me.perms.has(PERMISSIONS.SYS_USER)) {
        throw forbidden();
      }
      return ok(c, await listRoles(c.var.deps.db, me));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/role/save',
      tags,
      summary: 'Create (no pk) or edit a role; role 1 is not editable',
      ...access(PERMISSIONS.SYS_ROLE),
      request: jsonBody(RoleSaveSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const saved = await saveRole(c.var.deps.db, callerOf(c), body);
      // An edit may rename the role its holders see.
      if (body.pk !== undefined) await c.var.deps.realtime.accessChanged({ role_pk: saved.pk });
      return ok(c, saved);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/role/delete',
      tags,
      summary: 'Delete a role no user holds; role 1 stays',
      ...access(PERMISSIONS.SYS_ROLE),
      request: jsonBody(RolePkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteRole(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/role/permissions',
      tags,
      summary: "The whole menu/permission tree (names in the caller's language) and the role's keys",
      ...access(PERMISSIONS.SYS_ROLE),
      request: jsonBody(RolePermissionsQuerySchema),
      responses: okResponse(RolePermissionsSchema),
    }),
    async (c) =>
      ok(c, await rolePermissions(c.var.deps.db, c.var.user, clientMeta(c).locale, c.req.valid('json').role_pk)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/role/savePermissions',
      tags,
      summary:
        "Replace a role's permission keys (folders of chosen pages are added); applies at the holders' next request, and their open tabs reload their menus",
      ...access(PERMISSIONS.SYS_ROLE),
      request: jsonBody(RoleSavePermissionsSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await saveRolePermissions(c.var.deps.db, callerOf(c), body.role_pk, body.keys);
      await c.var.deps.realtime.accessChanged({ role_pk: body.role_pk });
      return ok(c, null);
    },
  );
  return app;
}
