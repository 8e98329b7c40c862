import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PERMISSIONS } from '@shared/permissions';
import { pageOf } from '@shared/schemas/common';
import {
  DeleteStudySchema,
  RecycleChangeSchema,
  RecycledStudiesSchema,
  RecycleRowSchema,
} from '@shared/schemas/recycle';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { listBodySchema } from '../../platform/list/define';
import { listPage } from '../../platform/list/query';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { publishQueueEvents } from '../queue';
import { recycleList } from './list';
import { purgeByHand } from './purge';
import { moveToBin, restoreFromBin, type Who } from './service';

const tags = ['recycle'];

const whoOf = (c: Context<AppEnv>): Who => ({
  me: c.var.user,
  ip: clientMeta(c).ip,
  now: c.var.deps.now?.() ?? new Date(),
});

/** The recycle bin's calls under the spec's names (restore: see docs/recycle.md for its path). */
export function recycleRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/deleteStudy',
      tags,
      summary:
        'Move studies to the recycle bin with a reason (2-256 characters): all named or none; 404 for one unknown, deleted or out of scope, 409 while a report is audited (REPORT_STATE) or another user is writing (LOCKED_BY_OTHER)',
      ...access(PERMISSIONS.ORDER_DELETE),
      request: jsonBody(DeleteStudySchema),
      responses: okResponse(RecycleChangeSchema),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { queue, ...done } = await moveToBin(c.var.deps.db, whoOf(c), body.study_iuids, body.reason);
      await publishQueueEvents(c.var.deps, queue);
      return ok(c, done, 'recycleDeleted', { count: done.count });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/restoreStudy',
      tags,
      summary:
        'Restore studies from the recycle bin, with their reports and images as they were: all named or none; 404 for one not in the bin or out of scope',
      ...access(PERMISSIONS.ORDER_DELETE),
      request: jsonBody(RecycledStudiesSchema),
      responses: okResponse(RecycleChangeSchema),
    }),
    async (c) => {
      const done = await restoreFromBin(c.var.deps.db, whoOf(c), c.req.valid('json').study_iuids);
      return ok(c, done, 'recycleRestored', { count: done.count });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/deleteOrder',
      tags,
      summary:
        'Delete studies of the recycle bin for good: image files, reports and rows; 404 for one not in the bin or out of scope, 409 for an audited report',
      ...access(PERMISSIONS.ORDER_PURGE),
      request: jsonBody(RecycledStudiesSchema),
      responses: okResponse(RecycleChangeSchema),
    }),
    async (c) => {
      const done = await purgeByHand(c.var.deps, whoOf(c), c.req.valid('json').study_iuids);
      return ok(c, done, 'recyclePurged', { count: done.count });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/queryDelList',
      tags,
      summary:
        "The recycle bin in the caller's scope (generic list body; filters sn, patient_id, patient_name, accession_no, modality, startDate, endDate of the deletion), with each study's purge date",
      ...access(PERMISSIONS.ORDER_DELETE),
      request: jsonBody(listBodySchema(recycleList(0))),
      responses: okResponse(pageOf(RecycleRowSchema)),
    }),
    async (c) => {
      const { db, env } = c.var.deps;
      return ok(c, await listPage(recycleList(env.RECYCLE_KEEP_DAYS), { db, user: c.var.user }, c.req.valid('json')));
    },
  );
  return app;
}
