import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { AiSuggestionSchema, AiSuggestRequestSchema } from '@shared/schemas/report';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { aiSuggest } from './suggest';

export function aiRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/report/aiSuggest',
      tags: ['report'],
      summary:
        'The AI service’s suggested opinion for these findings (sys_config ai_url; 409 not set up, 503 not available); nothing is saved',
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(AiSuggestRequestSchema),
      responses: okResponse(AiSuggestionSchema),
    }),
    async (c) => {
      const { me, locale } = callerOf(c);
      return ok(c, await aiSuggest(c.var.deps, me, locale, c.req.valid('json')));
    },
  );
  return app;
}
