import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  CriticalAckSchema,
  CriticalMineSchema,
  CriticalRowSchema,
  CriticalSummarySchema,
} from '@shared/schemas/critical';
import { clientMeta } from '../../platform/http/client-meta';
import { listBodySchema } from '../../platform/list/define';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { listPageRoute } from '../../platform/list/routes';
import { criticalList, criticalSummary, criticalWhere } from './list';
import { acknowledge, mine } from './service';

const tags = ['critical'];

/** Critical results (issue 41, docs/critical-results.md): the loops waiting for people, the list, acknowledging. */
export function criticalRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/critical/mine',
      tags,
      summary:
        "The open critical results waiting for the caller: their department's, and those escalated when they manage critical results",
      ...access('session'),
      responses: okResponse(CriticalMineSchema),
    }),
    async (c) => ok(c, await mine(c.var.deps, c.var.user)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/critical/acknowledge',
      tags,
      summary:
        'Acknowledge an open critical result as the signed-in person: a user of its department, or one with critical:manage who names in the note who was told; 409 once acknowledged or withdrawn, 404 outside the hospital',
      ...access('session'),
      request: jsonBody(CriticalAckSchema),
      responses: okResponse(CriticalRowSchema),
    }),
    async (c) => {
      const b = c.req.valid('json');
      const row = await acknowledge(c.var.deps, c.var.user, { pk: b.pk, note: b.note, ip: clientMeta(c).ip });
      return ok(c, row, 'criticalAcknowledged');
    },
  );
  listPageRoute(app, {
    method: 'post',
    path: '/api/critical/list',
    tags,
    summary:
      "The hospital's critical results (generic list; filters sn, status 0 open / 1 acknowledged / 2 withdrawn, escalated, department, patient_name, startDate, endDate)",
    permission: PERMISSIONS.CRITICAL_MANAGE,
    list: criticalList,
    row: CriticalRowSchema,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/critical/summary',
      tags,
      summary: 'Counts by state and minutes to acknowledgement (median, 90th percentile) for the list filters',
      ...access(PERMISSIONS.CRITICAL_MANAGE),
      request: jsonBody(listBodySchema(criticalList)),
      responses: okResponse(CriticalSummarySchema),
    }),
    async (c) => {
      const filters = c.req.valid('json').filters ?? {};
      return ok(c, await criticalSummary(c.var.deps.db, await criticalWhere(c.var.deps.db, c.var.user, filters)));
    },
  );
  return app;
}
