import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  UseTimeKeySchema,
  UseTimeOverviewSchema,
  UseTimeSaveSchema,
  UseTimeScoreSchema,
} from '@shared/schemas/statistics';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { saveUseTime, useTimeOverview, useTimeScore } from './use-time';

const tags = ['monitor'];

/** File download time (/useTime): the viewer posts its measurements; the super administrator reads them. */
export function useTimeRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/monitor/saveUseTime',
      tags,
      summary: "The viewer's measurement of one study opening (any signed-in user who may open the study)",
      ...access('session'),
      request: jsonBody(UseTimeSaveSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await saveUseTime(c.var.deps.db, c.var.user, c.req.valid('json'));
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/monitor/useTime',
      tags,
      summary: 'File download time: the last 31 days with openings (count, mean time, score) and their dates',
      ...access(PERMISSIONS.USE_TIME),
      responses: okResponse(UseTimeOverviewSchema),
    }),
    async (c) => ok(c, await useTimeOverview(c.var.deps.db, c.var.user)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/monitor/queryUseTimeScore',
      tags,
      summary: "One day's openings, time buckets, score (first image within 1 s), count and mean time",
      ...access(PERMISSIONS.USE_TIME),
      request: jsonBody(UseTimeKeySchema),
      responses: okResponse(UseTimeScoreSchema),
    }),
    async (c) => ok(c, await useTimeScore(c.var.deps.db, c.var.user, c.req.valid('json').key)),
  );
  return app;
}
