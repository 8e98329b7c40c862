import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { PERMISSIONS as P } from '@shared/permissions';
import { callNoLabel, PlayMp3QuerySchema } from '@shared/schemas/queue';
import type { AppEnv } from '../../platform/context';
import { registration } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { guard } from '../../platform/http/guard';
import { callDeviceKeyMatches } from './screens';
import { announcementMp3, announcementText } from './announce';
import { queueDay } from './day';
import { anyOf } from './post-route';
import { loadScreenDevice } from './screen-state';

/** Who fetches the audio: a call device by its key (the screen has no session), or a signed-in desk. */
type Listener = { hospital: string | null; rooms: string[] | null; withName: boolean };

const listeners = new WeakMap<Request, Listener>();

/**
 * A request with an Authorization header is a desk's (session, queue:call or queue:register); one without
 * is a screen's, whose device_pk and key must fit an enabled device (401/403 before the query is read).
 */
const deviceOrSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization')) {
    const [check] = guard('session');
    await check!(c, async () => {
      await anyOf(P.QUEUE_CALL, P.QUEUE_REGISTER)(c, async () => {
        const me = c.var.user;
        listeners.set(c.req.raw, { hospital: me.isSuper ? null : me.hospital_code, rooms: null, withName: true });
        await next();
      });
    });
    return;
  }
  const pk = c.req.query('device_pk') ?? '';
  const key = c.req.query('key') ?? '';
  const device = /^[1-9]\d{0,8}$/.test(pk) && key ? await loadScreenDevice(c.var.deps.db, Number(pk)) : null;
  if (!device || !callDeviceKeyMatches(key, device.key_hash)) throw new AppError(401, 'UNAUTHORIZED', 'unauthorized');
  if (device.status !== 1) throw forbidden();
  listeners.set(c.req.raw, {
    hospital: device.hospital_code,
    rooms: device.update.rooms.map((r) => r.room_name),
    // call_type 1 shows the number only: the announcement says no name either.
    withName: device.update.device.settings.call_type !== 1,
  });
  await next();
};

/** GET /register/playmp3: the announcement of the patient's latest call today, as MP3. */
export function queueAudioRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/register/playmp3',
      tags: ['register'],
      summary:
        "The spoken announcement of the patient's latest call today (espeak-ng, MP3, cached per text): by a signed-in user with queue:call or queue:register of that hospital, or by a call device (device_pk and key) for a room it shows",
      middleware: [deviceOrSession],
      'x-permission': 'session',
      request: { query: PlayMp3QuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: { description: 'MP3', content: { 'audio/mpeg': { schema: z.string() } } },
        404: { description: 'No call of this patient today' },
        503: { description: 'Speech synthesis unavailable' },
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const who = listeners.get(c.req.raw)!;
      const { db, env, now } = c.var.deps;
      const [row] = await db
        .select()
        .from(registration)
        .where(
          and(
            eq(registration.pat_id, q.pat_id),
            eq(registration.queue_day, queueDay(now?.() ?? new Date())),
            eq(registration.is_del, 0),
            isNotNull(registration.call_time),
            who.hospital ? eq(registration.hospital_code, who.hospital) : undefined,
            who.rooms ? inArray(registration.call_room, who.rooms.length ? who.rooms : ['']) : undefined,
          ),
        )
        .orderBy(desc(registration.call_time))
        .limit(1);
      if (!row) throw notFound();
      const no = callNoLabel(row.call_prefix, row.call_no);
      const text = announcementText(no, who.withName ? row.pat_name : '', row.call_room);
      const mp3 = await announcementMp3(path.join(env.DATA_DIR, 'queue-audio'), text).catch((err: unknown) => {
        c.var.deps.log.warn({ err: (err as Error).message }, 'queue: announcement not synthesised');
        throw new AppError(503, 'UNAVAILABLE', 'queueTtsUnavailable');
      });
      return c.body(new Uint8Array(mp3), 200, {
        'content-type': 'audio/mpeg',
        'content-length': String(mp3.length),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );
  return app;
}
