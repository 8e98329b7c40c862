import { z } from 'zod';
import { PERMISSIONS as P } from '@shared/permissions';
import {
  CALL_SETTING_DEFAULTS,
  CALL_SETTING_RANGES,
  CALL_TYPES,
  CallDevicePageResultSchema,
  CallDevicePageSchema,
  CallDevicePkSchema,
  CallDeviceRowSchema,
  CallDeviceSavedSchema,
  CallDeviceSaveSchema,
  CallDeviceStatusSchema,
  CallRoomSaveSchema,
  CallRoomSchema,
  CallRoomUpdateSchema,
  CallSettingsPatchSchema,
  CallSettingsSchema,
  HospitalQuerySchema,
  MechanicListSchema,
} from '@shared/schemas/call-devices';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { notFound } from '../../platform/core/errors';
import { newRouter, type Router } from '../../platform/http/router';
import type { HospitalScope } from '../../platform/hospital-scope';
import { queueCtx } from './context';
import { deleteCallDevice, newCallKey, saveCallDevice, setCallStatus, updateSettings } from './call-devices';
import { postRoute } from './post-route';
import { callDeviceList, callDeviceOne, callDevicePage } from './queries';
import { listRooms, saveRoom, updateRoom } from './rooms';
import { queueHospital } from './scope';

const tags = ['call-device'];

/** Devices a list shows: the super administrator's every hospital (or the one named), anyone else's own. */
async function listScope(c: Context<AppEnv>, wanted: string | undefined): Promise<HospitalScope> {
  const me = c.var.user;
  if (me.isSuper && !wanted) return { all: true };
  const ctx = queueCtx(c);
  return { all: false, code: await queueHospital(ctx.db, me, ctx.who.locale, wanted) };
}

/** /device/*Call*, mechanic, rooms and /config/mechanicList: the call devices (sys:device). */
export function callDeviceRoutes() {
  const app = newRouter();
  deviceRoutes(app);
  roomRoutes(app);
  return app;
}

/** The call devices: settings, keys, status, lists. */
function deviceRoutes(app: Router) {
  postRoute(app, {
    path: '/device/saveCall',
    tags,
    summary:
      'Create (no pk) or replace a call device with its rooms (created by name when new) and settings; a new device answers its device_key, shown only here',
    permission: P.SYS_DEVICE,
    body: CallDeviceSaveSchema,
    answer: CallDeviceSavedSchema,
    handler: (c, v) => saveCallDevice(queueCtx(c), v),
  });
  postRoute(app, {
    path: '/device/newCallKey',
    tags,
    summary: "Issue a new device key (answered once); the old one stops working and the device's screens are closed",
    permission: P.SYS_DEVICE,
    body: CallDevicePkSchema,
    answer: CallDeviceSavedSchema,
    handler: (c, v) => newCallKey(queueCtx(c), v.pk),
  });
  postRoute(app, {
    path: '/device/updatemechanic',
    tags,
    summary: 'Change some settings of a call device (the others stay); its screens get update_device',
    permission: P.SYS_DEVICE,
    body: CallSettingsPatchSchema,
    answer: z.null(),
    handler: async (c, v) => {
      await updateSettings(queueCtx(c), v);
      return null;
    },
  });
  postRoute(app, {
    path: '/device/updateCallStatus',
    tags,
    summary: 'Switch a call device on (1) or off (0); off closes its screens',
    permission: P.SYS_DEVICE,
    body: CallDeviceStatusSchema,
    answer: z.null(),
    handler: async (c, v) => {
      await setCallStatus(queueCtx(c), v.pk, v.status);
      return null;
    },
  });
  postRoute(app, {
    path: '/device/deleteCall',
    tags,
    summary: 'Delete a call device (its rooms stay); its screens are closed',
    permission: P.SYS_DEVICE,
    body: CallDevicePkSchema,
    answer: z.null(),
    handler: async (c, v) => {
      await deleteCallDevice(queueCtx(c), v.pk);
      return null;
    },
  });
  postRoute(app, {
    path: '/device/mechanic',
    tags,
    summary: 'One call device with its rooms and settings',
    permission: P.SYS_DEVICE,
    body: CallDevicePkSchema,
    answer: CallDeviceRowSchema,
    handler: async (c, v) => {
      const row = await callDeviceOne(c.var.deps.db, await listScope(c, undefined), v.pk);
      if (!row) throw notFound();
      return row;
    },
  });
  postRoute(app, {
    path: '/device/callList',
    tags,
    summary: "Every call device of the caller's hospital (the super administrator: all)",
    permission: P.SYS_DEVICE,
    answer: z.array(CallDeviceRowSchema),
    handler: async (c) => callDeviceList(c.var.deps.db, await listScope(c, undefined)),
  });
  postRoute(app, {
    path: '/device/pageCallList',
    tags,
    summary: 'Call devices, paged, with a keyword (name, department) and status',
    permission: P.SYS_DEVICE,
    body: CallDevicePageSchema,
    answer: CallDevicePageResultSchema,
    handler: async (c, v) => callDevicePage(c.var.deps.db, await listScope(c, v.hospital_code), v),
  });
  postRoute(app, {
    path: '/device/queryCallDeviceByHospital',
    tags,
    summary: "Call devices of one hospital (the caller's own by default)",
    permission: P.SYS_DEVICE,
    body: HospitalQuerySchema,
    answer: z.array(CallDeviceRowSchema),
    handler: async (c, v) => {
      const ctx = queueCtx(c);
      const code = await queueHospital(ctx.db, ctx.who.me, ctx.who.locale, v.hospital_code);
      return callDeviceList(ctx.db, { all: false, code });
    },
  });
  postRoute(app, {
    path: '/device/queryCallList',
    tags,
    summary: "Consulting rooms of a hospital (the caller's own by default) with the devices showing each",
    permission: [P.SYS_DEVICE, P.QUEUE_REGISTER, P.QUEUE_CALL],
    body: HospitalQuerySchema,
    answer: z.array(CallRoomSchema),
    handler: async (c, v) => {
      const ctx = queueCtx(c);
      return listRooms(ctx.db, await queueHospital(ctx.db, ctx.who.me, ctx.who.locale, v.hospital_code));
    },
  });
}

/** The call rooms a device shows, and the mechanic list. */
function roomRoutes(app: Router) {
  postRoute(app, {
    path: '/device/saveCallRoom',
    tags,
    summary:
      'Create a consulting room (unique name in its hospital, 409), optionally shown by devices of that hospital',
    permission: P.SYS_DEVICE,
    body: CallRoomSaveSchema,
    answer: CallRoomSchema,
    handler: (c, v) => saveRoom(queueCtx(c), v),
  });
  postRoute(app, {
    path: '/device/updateCallRoom',
    tags,
    summary: 'Rename a room (its queue follows) and/or set the devices showing it',
    permission: P.SYS_DEVICE,
    body: CallRoomUpdateSchema,
    answer: CallRoomSchema,
    handler: (c, v) => updateRoom(queueCtx(c), v),
  });
  postRoute(app, {
    path: '/config/mechanicList',
    tags,
    summary: "The call device settings' ranges, defaults and call types (for the settings form)",
    permission: 'session',
    answer: MechanicListSchema,
    handler: async () => ({
      ranges: Object.fromEntries(
        Object.entries(CALL_SETTING_RANGES).map(([k, v]): [string, [number, number]] => [k, [v[0], v[1]]]),
      ),
      defaults: CallSettingsSchema.parse(CALL_SETTING_DEFAULTS),
      call_types: [...CALL_TYPES],
    }),
  });
}
