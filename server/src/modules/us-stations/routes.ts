import { z } from 'zod';
import { PERMISSIONS as P } from '@shared/permissions';
import {
  UsClientQuerySchema,
  UsClientRowSchema,
  UsClientSaveSchema,
  UsNumberByFieldSchema,
  UsNumberPageResultSchema,
  UsNumberPageSchema,
  UsNumberRowSchema,
  UsNumberSaveSchema,
  UsPkSchema,
} from '@shared/schemas/us-stations';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { newRouter } from '../../platform/http/router';
import type { HospitalScope } from '../../platform/hospital-scope';
import { queueCtx, queueDay, postRoute, queueHospital } from '../queue';
import { clientRows, segmentPage, segmentsBy } from './queries';
import { deleteSegment, saveSegment } from './segments';
import { deleteClient, saveClient } from './stations';

const tags = ['us-stations'];
/** Who may read stations and segments: their admins, the desk and the rooms' doctors. */
const READERS = [P.SYS_DEVICE, P.QUEUE_REGISTER, P.QUEUE_CALL];
/** Who may set segments: the administrator, and the desk that runs the day's numbers. */
const NUMBER_WRITERS = [P.SYS_DEVICE, P.QUEUE_REGISTER];

/** The super administrator's every hospital (or the one named); anyone else's own (another's: 403). */
async function listScope(c: Context<AppEnv>, wanted: string | undefined): Promise<HospitalScope> {
  const me = c.var.user;
  if (me.isSuper && !wanted) return { all: true };
  const ctx = queueCtx(c);
  return { all: false, code: await queueHospital(ctx.db, me, ctx.who.locale, wanted) };
}

/** /us/client/*: ultrasound client stations (the PC of a US room). */
function clientRoutes(app: ReturnType<typeof newRouter>) {
  postRoute(app, {
    path: '/us/client/queryAllList',
    tags,
    summary: "Every US station of the caller's hospital (the super administrator: all, or the one named), filtered",
    permission: READERS,
    body: UsClientQuerySchema,
    answer: z.array(UsClientRowSchema),
    handler: async (c, v) => clientRows(c.var.deps.db, await listScope(c, v.hospital_code), v),
  });
  postRoute(app, {
    path: '/us/client/saveOrUpdateUsClient',
    tags,
    summary: 'Create (no pk) or edit a US station: name and ip unique in the hospital (409), room of the hospital',
    permission: P.SYS_DEVICE,
    body: UsClientSaveSchema,
    answer: UsClientRowSchema,
    handler: (c, v) => saveClient(queueCtx(c), v),
  });
  postRoute(app, {
    path: '/us/client/deleteInfo',
    tags,
    summary: 'Delete a US station (its room, queue and number segment stay)',
    permission: P.SYS_DEVICE,
    body: UsPkSchema,
    answer: z.null(),
    handler: async (c, v) => {
      await deleteClient(queueCtx(c), v.pk);
      return null;
    },
  });
}

/** /us/number/*: the number segments of US rooms and today's numbers from them. */
function numberRoutes(app: ReturnType<typeof newRouter>) {
  postRoute(app, {
    path: '/us/number/queryList',
    tags,
    summary: "Number segments, paged, with today's issued count, current and next number and the room's stations",
    permission: READERS,
    body: UsNumberPageSchema,
    answer: UsNumberPageResultSchema,
    handler: async (c, v) =>
      segmentPage(c.var.deps.db, await listScope(c, v.hospital_code), queueDay(queueCtx(c).now), v),
  });
  postRoute(app, {
    path: '/us/number/queryByField',
    tags,
    summary: 'Segments whose field (pk, call_room, client_pk: the station’s room, prefix) equals the value',
    permission: READERS,
    body: UsNumberByFieldSchema,
    answer: z.array(UsNumberRowSchema),
    handler: async (c, v) =>
      segmentsBy(c.var.deps.db, await listScope(c, v.hospital_code), queueDay(queueCtx(c).now), v.field, v.value),
  });
  postRoute(app, {
    path: '/us/number/saveOrEdit',
    tags,
    summary:
      'Create (no pk) or edit the number segment of a room: one per room, no overlap within a prefix (409); start and room fixed once the room gave out numbers today',
    permission: NUMBER_WRITERS,
    body: UsNumberSaveSchema,
    answer: UsNumberRowSchema,
    handler: (c, v) => saveSegment(queueCtx(c), v),
  });
  postRoute(app, {
    path: '/us/number/del',
    tags,
    summary: 'Delete a number segment (409 while its room has numbers of today)',
    permission: NUMBER_WRITERS,
    body: UsPkSchema,
    answer: z.null(),
    handler: async (c, v) => {
      await deleteSegment(queueCtx(c), v.pk);
      return null;
    },
  });
}

export function usStationRoutes() {
  const app = newRouter();
  clientRoutes(app);
  numberRoutes(app);
  return app;
}
