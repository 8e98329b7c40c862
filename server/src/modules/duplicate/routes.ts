import { createRoute, z } from '@hono/zod-openapi';
import { DuplicateCheckSchema } from '@shared/schemas/list';
import { t } from '../../platform/core/i18n';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { isDuplicate } from './service';

export function duplicateRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/duplicate/check',
      tags: ['duplicate'],
      summary: 'Is a value free? success true: available; false: taken (both HTTP 200). Whitelisted table.field only',
      ...access('session'),
      request: jsonBody(DuplicateCheckSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const taken = await isDuplicate(c.var.deps.db, c.var.user, c.req.valid('json'));
      return c.json({ success: !taken, msg: t(c, taken ? 'dupExists' : 'dupAvailable'), data: null }, 200);
    },
  );
  return app;
}
