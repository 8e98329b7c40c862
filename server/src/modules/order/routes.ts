import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { pageOf } from '@shared/schemas/common';
import {
  HistoryRequestSchema,
  NextStudyRequestSchema,
  OrderListRequestSchema,
  StudyRowSchema,
} from '@shared/schemas/order';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { history, listOrders, nextStudy } from './service';

const tags = ['order'];

export function orderRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/OrderList',
      tags,
      summary: 'The worklist: studies of the caller’s hospital, filtered, sorted and paged',
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(OrderListRequestSchema),
      responses: okResponse(pageOf(StudyRowSchema)),
    }),
    async (c) => ok(c, await listOrders(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/historyList',
      tags,
      summary: 'History dialog: other studies with the same patient_id, patient_name, card_no or patient_phone',
      ...access(PERMISSIONS.ORDER_HISTORY),
      request: jsonBody(HistoryRequestSchema),
      responses: okResponse(z.array(StudyRowSchema)),
    }),
    async (c) => ok(c, await history(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/next',
      tags,
      summary:
        'The next study to report after `after`: under the worklist filters and the caller’s modalities, not written yet, not being written by another user; urgent first, then the longest waiting; null when none is left',
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(NextStudyRequestSchema),
      responses: okResponse(StudyRowSchema.nullable()),
    }),
    async (c) => ok(c, await nextStudy(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  return app;
}
