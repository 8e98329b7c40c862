import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { pageOf } from '@shared/schemas/common';
import { CollectionListRequestSchema, StudyRefSchema, StudyRowSchema } from '@shared/schemas/order';
import { ok } from '../../lib/respond';
import { jsonBody, okResponse } from '../../lib/route';
import { access } from '../../middleware/auth';
import { newRouter } from '../../lib/router';
import { addToCollection, listCollection, removeFromCollection } from './service';

const tags = ['collection'];

export function collectionRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/collection/list',
      tags,
      summary: "The caller's favourite studies, filtered and paged (20 a page by default)",
      ...access(PERMISSIONS.USER),
      request: jsonBody(CollectionListRequestSchema),
      responses: okResponse(pageOf(StudyRowSchema)),
    }),
    async (c) => ok(c, await listCollection(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/collection/add',
      tags,
      summary: 'Add a study to the favourites',
      ...access(PERMISSIONS.USER),
      request: jsonBody(StudyRefSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await addToCollection(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/collection/remove',
      tags,
      summary: 'Remove a study from the favourites',
      ...access(PERMISSIONS.USER),
      request: jsonBody(StudyRefSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await removeFromCollection(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid);
      return ok(c, null);
    },
  );
  return app;
}
