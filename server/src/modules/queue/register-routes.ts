import { z } from 'zod';
import { PERMISSIONS as P } from '@shared/permissions';
import {
  CallNextSchema,
  CallPageSchema,
  QueueCountQuerySchema,
  QueueOrdersSchema,
  QueueWorkListQuerySchema,
  RegisterCountSchema,
  RegisterPageSchema,
  RegisterPkSchema,
  RegisterRoomSchema,
  RegisterSaveSchema,
  RegistrationPageSchema,
  RegistrationSchema,
  RoomCountsSchema,
  RoomDoctorSchema,
} from '@shared/schemas/queue';
import { CallRoomSchema } from '@shared/schemas/call-devices';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { newRouter, type Router } from '../../platform/http/router';
import * as actions from './actions';
import { queueCtx } from './context';
import { queueDay } from './day';
import { postRoute } from './post-route';
import { callPage, countByRoom, countTotals, findRegistrations, queueWorkList } from './queries';
import { saveRegistration } from './register';
import { setRoomDoctor } from './rooms';
import { queueHospital } from './scope';
import { registrationView } from './view';
import { notFound } from '../../platform/core/errors';

const tags = ['register'];
type PkAction = (ctx: ReturnType<typeof queueCtx>, pk: number) => Promise<z.infer<typeof RegistrationSchema>>;

/** The hospital a read names (own by default) and the day (today by default). */
async function readScope(c: Context<AppEnv>, wanted: string | undefined, day?: string) {
  const ctx = queueCtx(c);
  const code = await queueHospital(ctx.db, ctx.who.me, ctx.who.locale, wanted);
  return { ctx, code, day: day ?? queueDay(ctx.now) };
}

/** /register/*: the registration desk (queue:register) and calling (queue:call). */
export function registerRoutes() {
  const app = newRouter();
  registrationRoutes(app);
  callingRoutes(app);
  registerListRoutes(app);
  return app;
}

/** Registering a patient and moving one registration along. */
function registrationRoutes(app: Router) {
  postRoute(app, {
    path: '/register/save',
    tags,
    summary:
      "Register a patient (creates the scheduled study, or uses study_pk; takes a number when call_room is given), or edit one not yet called (pk); a patient already in the day's queue is refused (409)",
    permission: P.QUEUE_REGISTER,
    body: RegisterSaveSchema,
    answer: RegistrationSchema,
    handler: (c, v) => saveRegistration(queueCtx(c), v),
  });

  const pkAction = (
    path: string,
    summary: string,
    permission: typeof P.QUEUE_REGISTER | typeof P.QUEUE_CALL,
    run: PkAction,
  ) =>
    postRoute(app, {
      path,
      tags,
      summary: `${summary} (409 from any other state)`,
      permission,
      body: RegisterPkSchema,
      answer: RegistrationSchema,
      handler: (c, v) => run(queueCtx(c), v.pk),
    });
  pkAction(
    '/register/callNumber',
    'Call the patient into the room: number taken or passed → called; every screen of the room gets the call',
    P.QUEUE_CALL,
    actions.callNumber,
  );
  pkAction('/register/callAgain', 'Announce a called patient again', P.QUEUE_CALL, actions.callAgain);
  pkAction('/register/pass', 'The called patient did not come: called → passed', P.QUEUE_CALL, actions.passPatient);
  pkAction(
    '/register/checking',
    'The patient is being examined: called → checking',
    P.QUEUE_CALL,
    actions.startChecking,
  );
  pkAction(
    '/register/completeInspection',
    'Inspection complete: called or checking → completed',
    P.QUEUE_CALL,
    actions.completeInspection,
  );
  pkAction(
    '/register/abandon',
    'The patient left: registered, number taken, called or passed → abandoned',
    P.QUEUE_REGISTER,
    actions.abandonPatient,
  );
  pkAction('/register/topOne', 'First in its room (number taken or passed)', P.QUEUE_REGISTER, actions.topOne);
  pkAction(
    '/register/deletePatient',
    'Delete (soft) a registration not called now, with its study when it has no images',
    P.QUEUE_REGISTER,
    actions.deletePatient,
  );
  pkAction(
    '/register/recovery',
    'Restore a deleted registration, or bring an abandoned patient back into the queue',
    P.QUEUE_REGISTER,
    actions.recoverPatient,
  );
}

/** The desk's calls: by number, referral, next, the doctor on duty. */
function callingRoutes(app: Router) {
  postRoute(app, {
    path: '/register/callNo',
    tags,
    summary: 'Take a number in a room: registered → number taken (409 from any other state)',
    permission: P.QUEUE_REGISTER,
    body: RegisterRoomSchema,
    answer: RegistrationSchema,
    handler: (c, v) => actions.takeNumber(queueCtx(c), v.pk, v.call_room),
  });
  postRoute(app, {
    path: '/register/referral',
    tags,
    summary: 'Move to another room with a new number there (registered, number taken or passed)',
    permission: P.QUEUE_REGISTER,
    body: RegisterRoomSchema,
    answer: RegistrationSchema,
    handler: (c, v) => actions.referral(queueCtx(c), v.pk, v.call_room),
  });
  postRoute(app, {
    path: '/register/callNext',
    tags,
    summary: 'Call the first waiting patient of a room (topped first, then by number); 404 when nobody waits',
    permission: P.QUEUE_CALL,
    body: CallNextSchema,
    answer: RegistrationSchema,
    handler: (c, v) => actions.callNext(queueCtx(c), v.hospital_code, v.call_room),
  });
  postRoute(app, {
    path: '/register/doctor',
    tags,
    summary: "The doctor on duty in a room ('' clears); the room's screens show it",
    permission: P.QUEUE_CALL,
    body: RoomDoctorSchema,
    answer: CallRoomSchema,
    handler: (c, v) => setRoomDoctor(queueCtx(c), v),
  });
}

/** The desk's and the screens' lists. */
function registerListRoutes(app: Router) {
  postRoute(app, {
    path: '/register/findByPage',
    tags,
    summary:
      "Registrations of the caller's hospital (filters: keyword on name or patient ID, room, state, modality, days, deleted)",
    permission: P.QUEUE_REGISTER,
    body: RegisterPageSchema,
    answer: RegistrationPageSchema,
    handler: async (c, v) => {
      const { ctx, code } = await readScope(c, v.hospital_code);
      return findRegistrations(ctx.db, code, v);
    },
  });
  postRoute(app, {
    path: '/register/callPageList',
    tags,
    summary: "A day's queue (today by default) of a room or all rooms, in calling order",
    permission: [P.QUEUE_CALL, P.QUEUE_REGISTER],
    body: CallPageSchema,
    answer: RegistrationPageSchema,
    handler: async (c, v) => {
      const { ctx, code, day } = await readScope(c, v.hospital_code, v.day);
      return callPage(ctx.db, code, day, v);
    },
  });
  postRoute(app, {
    path: '/register/findRegisterDatial',
    tags,
    summary: 'One registration',
    permission: [P.QUEUE_CALL, P.QUEUE_REGISTER],
    body: RegisterPkSchema,
    answer: RegistrationSchema,
    handler: async (c, v) => {
      const me = c.var.user;
      const row = await registrationView(c.var.deps.db, v.pk).catch(() => null);
      if (!row || (!me.isSuper && row.hospital_code !== me.hospital_code)) throw notFound();
      return row;
    },
  });
  postRoute(app, {
    path: '/register/countCallroom',
    tags,
    summary: 'Per room: registrations of the day by state',
    permission: [P.QUEUE_CALL, P.QUEUE_REGISTER],
    body: QueueCountQuerySchema,
    answer: RoomCountsSchema,
    handler: async (c, v) => {
      const { ctx, code, day } = await readScope(c, v.hospital_code, v.day);
      return countByRoom(ctx.db, code, day);
    },
  });
  postRoute(app, {
    path: '/register/countRegister',
    tags,
    summary: 'Registrations of the day by state, all rooms',
    permission: [P.QUEUE_CALL, P.QUEUE_REGISTER],
    body: QueueCountQuerySchema,
    answer: RegisterCountSchema,
    handler: async (c, v) => {
      const { ctx, code, day } = await readScope(c, v.hospital_code, v.day);
      return countTotals(ctx.db, code, day);
    },
  });
  postRoute(app, {
    path: '/register/workList',
    tags,
    summary: 'Orders to pick up: scheduled studies of the hospital without images and not registered (at most 200)',
    permission: P.QUEUE_REGISTER,
    body: QueueWorkListQuerySchema,
    answer: QueueOrdersSchema,
    handler: async (c, v) => {
      const { ctx, code } = await readScope(c, v.hospital_code);
      return queueWorkList(ctx.db, code, v);
    },
  });
}
