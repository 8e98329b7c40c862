import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/permissions';
import { DeviceOptionSchema, DeviceRowSchema, DeviceSaveSchema, DeviceStatusSchema } from '@shared/schemas/admin-org';
import { DeleteByPkSchema } from '@shared/schemas/list';
import { device } from '../../platform/db/schema';
import { forbidden } from '../../platform/core/errors';
import { outboundPolicy } from '../../platform/core/outbound';
import { listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access, guard } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { hospitalScope, inScope } from '../../platform/hospital-scope';
import { DeviceEchoSchema, EchoResultSchema } from '@shared/schemas/dicom-forward';
import { echoDevice, mayEcho } from './forward-echo';
import { deviceList, deviceSelect } from './device-list';
import { deleteDevice, saveDevice, setDeviceStatus } from './devices';

const tags = ['device'];

/** DICOM devices: /device/*Aet* (sys:device; the pick list also for whoever may forward images). */
export function deviceRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'post',
    path: '/device/pageAetList',
    tags,
    summary:
      "DICOM devices: generic list contract in the body (filters keyword, modality, status, sn); a hospital administrator sees only their hospital's",
    permission: PERMISSIONS.SYS_DEVICE,
    list: deviceList,
    row: DeviceRowSchema,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/device/aetList',
      tags,
      summary: `Active devices of the caller's hospital scope, for pick lists (needs ${PERMISSIONS.SYS_DEVICE} or ${PERMISSIONS.FORWARD_RPT})`,
      ...access('session'),
      responses: okResponse(z.array(DeviceOptionSchema)),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const me = c.var.user;
      if (!me.isSuper && !me.perms.has(PERMISSIONS.SYS_DEVICE) && !me.perms.has(PERMISSIONS.FORWARD_RPT)) {
        throw forbidden();
      }
      const rows = await deviceSelect(db)
        .where(and(inScope(await hospitalScope(db, me), device.hospital_code), eq(device.status, 1)))
        .orderBy(asc(device.name), asc(device.pk));
      return ok(
        c,
        rows.map(({ hospital_name: _h, status: _s, ...r }) => r),
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/device/saveAet',
      tags,
      summary:
        "Create (no pk) or update a DICOM device; AE title unique (409); a hospital administrator's devices stay in their hospital",
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(DeviceSaveSchema),
      responses: okResponse(z.object({ pk: z.number().int() })),
    }),
    async (c) => {
      const { db, env } = c.var.deps;
      const row = await saveDevice(db, callerOf(c), c.req.valid('json'), outboundPolicy(env));
      return ok(c, { pk: row.pk });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/device/updateAetStatus',
      tags,
      summary: 'Switch a device on (1) or off (0)',
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(DeviceStatusSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const { pk, status } = c.req.valid('json');
      await setDeviceStatus(c.var.deps.db, callerOf(c), pk, status);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/device/deleteAet',
      tags,
      summary: 'Delete a DICOM device',
      ...access(PERMISSIONS.SYS_DEVICE),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteDevice(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/device/echo',
      tags,
      summary: `Test connection: C-ECHO to a device of the caller's hospital; ok or the reason, with the round-trip ms (needs ${PERMISSIONS.SYS_DEVICE} or ${PERMISSIONS.FORWARD_RPT})`,
      middleware: [...guard('session'), mayEcho],
      'x-permission': 'session',
      request: jsonBody(DeviceEchoSchema),
      responses: okResponse(EchoResultSchema),
    }),
    async (c) => ok(c, await echoDevice(c.var.deps, callerOf(c), c.req.valid('json').pk)),
  );
  return app;
}
