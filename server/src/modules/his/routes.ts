import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { Hl7PeerDeleteSchema, Hl7PeerListQuerySchema, Hl7PeerRowSchema, Hl7PeerSaveSchema } from '@shared/schemas/his';
import { outboundPolicy } from '../../platform/core/outbound';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { deletePeer, peerList, savePeer } from './peers';

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
