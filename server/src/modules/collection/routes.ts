import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { StudyRefSchema } from '@shared/schemas/order';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { addToCollection, removeFromCollection } from './service';

const tags = ['collection'];

export function collectionRoutes() {
  const app = newRouter();
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
