import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { HistoryRequestSchema, OrderListRequestSchema, StudyRowSchema } from '@shared/schemas/order';
import {
  OrderChartSchema,
  OrderInstanceUidRequestSchema,
  OrderInstanceUidSchema,
  OrderStatusAnswerSchema,
  OrderStatusRequestSchema,
} from '@shared/schemas/order-calls';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { newRouter } from '../../platform/http/router';
import { orderChart } from './chart';
import { orderInstanceUid } from './instance-uid';
import { history } from './service';
import { setOrderFlag } from './status';

const tags = ['order'];

/** The spec's remaining /api/order/* calls (issue 38, point 4; docs/decisions.md, "The spec's order calls"). */
export function orderCallRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/queryList',
      tags,
      summary:
        'History dialog (the spec’s name; historyList is the same call): other studies of the patient by one of patient_id, patient_name, card_no, patient_phone',
      ...access(PERMISSIONS.ORDER_HISTORY),
      request: jsonBody(HistoryRequestSchema),
      responses: okResponse(z.array(StudyRowSchema)),
    }),
    async (c) => ok(c, await history(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/queryChart',
      tags,
      summary:
        'The worklist’s counts over the OrderList filter (paging and sort ignored): total, by rpt_status, by modality',
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(OrderListRequestSchema),
      responses: okResponse(OrderChartSchema),
    }),
    async (c) => ok(c, await orderChart(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  for (const [path, value, summary] of [
    [
      '/api/order/setOrderStatus',
      1,
      'Set a film flag of a study (picture_state: films printed; efilm_state: e-film issued)',
    ],
    ['/api/order/delOrderStatus', 0, 'Clear a film flag of a study (picture_state or efilm_state)'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary,
        ...access(PERMISSIONS.PATINFO),
        request: jsonBody(OrderStatusRequestSchema),
        responses: okResponse(OrderStatusAnswerSchema),
      }),
      async (c) => {
        const q = c.req.valid('json');
        return ok(c, await setOrderFlag(c.var.deps.db, callerOf(c), q.study_iuid, q.status, value));
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/getOrderInstanceUid',
      tags,
      summary: 'The study instance UID of an order, by study pk or accession number (newest live study in scope)',
      ...access(PERMISSIONS.ORDER_LIST),
      request: jsonBody(OrderInstanceUidRequestSchema),
      responses: okResponse(OrderInstanceUidSchema),
    }),
    async (c) => ok(c, await orderInstanceUid(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );

  return app;
}
