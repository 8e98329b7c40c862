import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  callNoLabel,
  canTransition,
  type QueueAction,
  type QueueState,
  type Registration,
} from '@shared/schemas/queue';
import { maskName, type ScreenCall } from '@shared/protocol/queue-screen';
import type { Tx } from '../../platform/db/client';
import { registration, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { fmt } from '../../platform/core/time';
import type { QueueEvent } from '../../platform/realtime/queue-events';
import { auditChange } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/conflict';
import { publishInTx, type QueueCtx } from './context';
import { queueDay } from './day';
import { announcementText } from './announce';
import { alreadyQueued, wrongState } from './errors';
import { nextCallNo } from './numbering';
import { assertNotQueued, assertRoom } from './register';
import { queueHospital } from './scope';
import { registrationView, type RegistrationRecord } from './view';
import { trace, traceClock } from './call-trace';

type Patch = Partial<typeof registration.$inferInsert>;

/** What an action changes, given the locked row; `study` marks the scheduled study deleted or restored. */
type Change = (tx: Tx, row: RegistrationRecord) => Promise<{ patch: Patch; studyDel?: 0 | 1 }>;

async function lockOwn(tx: Tx, ctx: QueueCtx, pk: number): Promise<RegistrationRecord> {
  const [row] = await tx.select().from(registration).where(eq(registration.pk, pk)).for('update');
  const me = ctx.who.me;
  if (!row || (!me.isSuper && row.hospital_code !== me.hospital_code)) throw notFound();
  return row;
}

/**
 * Runs one action on one registration: locked, scope-checked, allowed only from the states of
 * QUEUE_TRANSITIONS (409 otherwise, nothing written), changed and audited in one transaction; the
 * events go out with its commit (PostgreSQL NOTIFY in the transaction; in-process just after it).
 */
async function act(
  ctx: QueueCtx,
  pk: number,
  action: QueueAction,
  change: Change,
  call = false,
): Promise<Registration> {
  const started = traceClock();
  let published = 0;
  try {
    const [after, afterCommit] = await ctx.db.transaction(async (tx) => {
      const row = await lockOwn(tx, ctx, pk);
      const restoring = action === 'recover' && row.is_del === 1;
      if (row.is_del && !restoring) throw notFound();
      if (!restoring && !canTransition(action, row.state as QueueState)) {
        throw wrongState(ctx.who.locale, row.state as QueueState);
      }
      const { patch, studyDel } = await change(tx, row);
      const [updated] = await tx.update(registration).set(patch).where(eq(registration.pk, pk)).returning();
      if (studyDel !== undefined) {
        // Only a study without images follows its registration (images make it a study of its own).
        await tx
          .update(study)
          .set({ is_del: studyDel })
          .where(and(eq(study.pk, row.study_pk), eq(study.file_count, 0)));
      }
      await auditChange(tx, ctx.who.me, {
        action: `queue.${action}`,
        target: `registration:${pk}`,
        before: row,
        after: updated!,
        ip: ctx.who.ip,
      });
      // Last statement of the transaction: the screens hear of it at the commit, not a round trip later.
      const publish = await publishInTx(ctx, tx, eventsOf(ctx, action, row, updated!, call));
      published = traceClock();
      return [updated!, publish] as const;
    });
    const committed = traceClock();
    await afterCommit();
    if (call) trace('call', { key: callKey(after), started, published, committed });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyQueued(ctx.who.locale, '', 'registered');
    throw err;
  }
  return registrationView(ctx.db, pk);
}

/** What an action tells the screens and desks: the call (when it is one), then each room it changed. */
function eventsOf(
  ctx: QueueCtx,
  action: QueueAction,
  before: RegistrationRecord,
  after: RegistrationRecord,
  call: boolean,
): QueueEvent[] {
  const events: QueueEvent[] = [];
  if (call)
    events.push({
      kind: 'call',
      hospital_code: after.hospital_code,
      call_room: after.call_room,
      call: callMessage(ctx, after, action === 'callAgain'),
    });
  for (const room of new Set([before.call_room, after.call_room])) {
    if (room) events.push({ kind: 'room', hospital_code: after.hospital_code, call_room: room });
  }
  return events;
}

/** A call in bench:queue's trace lines. */
export const callKey = (r: { hospital_code: string; call_room: string; call_no: number | null }) =>
  `${r.hospital_code}|${r.call_room}|${r.call_no ?? 0}`;

/** The screen's call message: the name masked, the spoken text without it. */
export function callMessage(ctx: QueueCtx, r: RegistrationRecord, repeat: boolean): ScreenCall {
  return {
    type: 'call',
    call_room: r.call_room,
    call_no: r.call_no ?? 0,
    call_prefix: r.call_prefix,
    pat_name: maskName(r.pat_name),
    pat_id: r.pat_id,
    name_current: ctx.who.me.name,
    sq_doctor: r.sq_doctor,
    repeat: repeat ? 1 : 0,
    speak_text: announcementText(callNoLabel(r.call_prefix, r.call_no), '', r.call_room),
    time: fmt(ctx.now),
  };
}

const calling =
  (ctx: QueueCtx): Change =>
  async (_tx, r) => ({
    patch: { state: 'called', call_time: ctx.now, call_count: r.call_count + 1, doctor: ctx.who.me.name },
  });

export const callNumber = (ctx: QueueCtx, pk: number) => act(ctx, pk, 'call', calling(ctx), true);
export const callAgain = (ctx: QueueCtx, pk: number) => act(ctx, pk, 'callAgain', calling(ctx), true);
export const passPatient = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'pass', async () => ({ patch: { state: 'passed', pass_time: ctx.now } }));
export const startChecking = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'checking', async () => ({ patch: { state: 'checking', check_time: ctx.now } }));
export const completeInspection = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'complete', async () => ({ patch: { state: 'completed', complete_time: ctx.now } }));
export const abandonPatient = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'abandon', async () => ({ patch: { state: 'abandoned', abandon_time: ctx.now } }));
export const topOne = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'top', async () => ({ patch: { top_time: ctx.now } }));
export const deletePatient = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'delete', async () => ({ patch: { is_del: 1 }, studyDel: 1 }));

/** Undoes a delete (the registration as it was), or brings an abandoned patient back into the queue. */
export const recoverPatient = (ctx: QueueCtx, pk: number) =>
  act(ctx, pk, 'recover', async (tx, r) => {
    const active = r.is_del ? !['completed', 'abandoned'].includes(r.state) : true;
    if (active) await assertNotQueued(tx, ctx, r.hospital_code, r.pat_id, r.queue_day);
    if (r.is_del) return { patch: { is_del: 0 }, studyDel: 0 };
    return { patch: { state: r.call_no === null ? 'registered' : 'number_taken', abandon_time: null } };
  });

/** A new number in a room, with its segment's prefix of this moment, at the end of the room's queue. */
const newNumber =
  (ctx: QueueCtx, room: string): Change =>
  async (tx, r) => {
    await assertRoom(tx, ctx, r.hospital_code, room);
    const issued = await nextCallNo(tx, r.hospital_code, room, queueDay(ctx.now));
    return { patch: { state: 'number_taken', call_room: room, ...issued, number_time: ctx.now, top_time: null } };
  };

/** Takes a number in a room (registered → number taken). */
export const takeNumber = (ctx: QueueCtx, pk: number, room: string) => act(ctx, pk, 'takeNumber', newNumber(ctx, room));

/** Moves the patient to another room, at the end of its queue with a new number. */
export const referral = (ctx: QueueCtx, pk: number, room: string) => act(ctx, pk, 'referral', newNumber(ctx, room));

/** Calls the first waiting patient of a room: topped ones first (latest first), then by number. */
export async function callNext(ctx: QueueCtx, hospitalCode: string | undefined, room: string): Promise<Registration> {
  const code = await queueHospital(ctx.db, ctx.who.me, ctx.who.locale, hospitalCode);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [next] = await ctx.db
      .select({ pk: registration.pk })
      .from(registration)
      .where(
        and(
          eq(registration.hospital_code, code),
          eq(registration.queue_day, queueDay(ctx.now)),
          eq(registration.call_room, room),
          eq(registration.is_del, 0),
          eq(registration.state, 'number_taken'),
        ),
      )
      .orderBy(desc(sql`${registration.top_time} is not null`), desc(registration.top_time), asc(registration.call_no))
      .limit(1);
    if (!next) break;
    try {
      return await callNumber(ctx, next.pk);
    } catch (err) {
      // Another desk called that one first: take the next.
      if (!(err instanceof AppError) || err.error !== 'QUEUE_STATE') throw err;
    }
  }
  const e = new AppError(404, 'NOT_FOUND', 'queueNobodyWaiting', { room });
  e.errors = [{ field: 'call_room', msg: translate(ctx.who.locale, 'queueNobodyWaiting', { room }) }];
  throw e;
}
