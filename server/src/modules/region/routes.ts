import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { RegionNodeSchema, RegionSaveSchema } from '@shared/schemas/admin-org';
import { DeleteByPkSchema } from '@shared/schemas/list';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { deleteRegion, regionTree, saveRegion } from './service';

const tags = ['region'];

/** Regions (the spec's groups): /group/GroupTree, /group/save, /group/delete. */
export function regionRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/group/GroupTree',
      tags,
      summary: 'The region tree (every signed-in user: it feeds the user and hospital forms)',
      ...access('session'),
      responses: okResponse(z.array(RegionNodeSchema)),
    }),
    async (c) => ok(c, await regionTree(c.var.deps.db)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/group/save',
      tags,
      summary: 'Create (no pk) or update a region; code unique (409); the parent must exist and not lie below it',
      ...access(PERMISSIONS.SYS_REGION),
      request: jsonBody(RegionSaveSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const row = await saveRegion(c.var.deps.db, callerOf(c), c.req.valid('json'));
      return ok(c, { pk: row.pk });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/group/delete',
      tags,
      summary: 'Delete a region; refused (409) while it has sub-regions or users, hospitals or templates use it',
      ...access(PERMISSIONS.SYS_REGION),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteRegion(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  return app;
}
