import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  HisOrderRowSchema,
  Hl7PeerDeleteSchema,
  Hl7PeerListQuerySchema,
  Hl7PeerRowSchema,
  Hl7PeerSaveSchema,
  QueryRegisterListSchema,
  SyncRegisterInfoSchema,
} from '@shared/schemas/his';
import { pageOf } from '@shared/schemas/common';
import { outboundPolicy } from '../../platform/core/outbound';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { deletePeer, peerList, savePeer } from './peers';
import { queryRegisterList, syncRegisterInfo } from './register-calls';

const tags = ['his'];

/** HIS interfaces (HL7 v2 senders and where results go): managed with the DICOM devices (sys:device). */
export function peerRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hl7/peerList',
      tags,
      summary: "HIS interfaces of the caller's hospital scope (optionally one hospital's)",
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(Hl7PeerListQuerySchema),
      responses: okResponse(z.array(Hl7PeerRowSchema)),
    }),
    async (c) => ok(c, await peerList(c.var.deps.db, c.var.user, c.req.valid('json').hospital_code)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hl7/savePeer',
      tags,
      summary:
        "Create (no pk) or update an HIS interface; names unique (409); a hospital administrator's stay in their hospital; the result address is checked against OUTBOUND_ALLOW",
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(Hl7PeerSaveSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const { db, env } = c.var.deps;
      const row = await savePeer(db, callerOf(c), c.req.valid('json'), outboundPolicy(env));
      return ok(c, { pk: row.pk });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hl7/deletePeer',
      tags,
      summary: 'Delete an HIS interface (its orders stay)',
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(Hl7PeerDeleteSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deletePeer(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  return app;
}

const SyncResultSchema = z.object({
  pk: z.number().int(),
  ok: z.boolean(),
  study_iuid: z.string().nullable(),
  reason: z.string(),
});

/** The spec's HIS calls, on the order store: what the registration desk sees of the HIS's orders (queue:register). */
export function registerCallRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/queryRegisterList',
      tags,
      summary:
        "Orders the HIS placed (HL7, FHIR) in the caller's hospitals, newest first: keyword (patient id or name, placer, accession, card number), status, received date range",
      ...access(PERMISSIONS.QUEUE_REGISTER),
      request: jsonBody(QueryRegisterListSchema),
      responses: okResponse(pageOf(HisOrderRowSchema)),
    }),
    async (c) => ok(c, await queryRegisterList(c.var.deps.db, c.var.user, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/syncRegisterInfo',
      tags,
      summary:
        "Takes orders' details again as the HIS sent them last (a deleted study comes back); cancelled or performed orders are left, with the reason; another hospital's order is 404",
      ...access(PERMISSIONS.QUEUE_REGISTER),
      request: jsonBody(SyncRegisterInfoSchema),
      responses: okResponse(z.array(SyncResultSchema)),
    }),
    async (c) => {
      const { deps } = c.var;
      const who = callerOf(c);
      return ok(c, await syncRegisterInfo(deps.db, who, c.req.valid('json').pks, deps.now?.() ?? new Date()));
    },
  );
  return app;
}
