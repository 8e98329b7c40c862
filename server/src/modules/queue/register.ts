import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVE_QUEUE_STATES,
  type QueueState,
  type Registration,
  type RegisterSaveSchema,
} from '@shared/schemas/queue';
import type { Tx } from '../../platform/db/client';
import { callRoom, registration, report, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { newUid } from '../../platform/core/uid';
import { isUniqueViolation } from '../../platform/conflict';
import { publishAll, type QueueCtx } from './context';
import { queueDay } from './day';
import { alreadyQueued, noRoom, wrongState } from './errors';
import { nextCallNo } from './numbering';
import { queueHospital } from './scope';
import { registrationView, type RegistrationRecord } from './view';

type SaveInput = z.output<typeof RegisterSaveSchema>;

/** Q + day + 6 random digits: readable at the desk and on the modality console. */
const newAccessionNo = (now: Date) =>
  `Q${dayjs(now).format('YYYYMMDD')}${(randomBytes(4).readUInt32BE() % 1_000_000).toString().padStart(6, '0')}`;

export async function assertRoom(tx: Tx, ctx: QueueCtx, hospitalCode: string, room: string): Promise<void> {
  const [row] = await tx
    .select({ pk: callRoom.pk })
    .from(callRoom)
    .where(and(eq(callRoom.hospital_code, hospitalCode), eq(callRoom.room_name, room)));
  if (!row) throw noRoom(ctx.who.locale, room);
}

/** 409 when the patient already holds an active place in the hospital's queue of that day. */
export async function assertNotQueued(tx: Tx, ctx: QueueCtx, hospitalCode: string, patId: string, day: string) {
  const [dup] = await tx
    .select({ state: registration.state })
    .from(registration)
    .where(
      and(
        eq(registration.hospital_code, hospitalCode),
        eq(registration.queue_day, day),
        eq(registration.pat_id, patId),
        eq(registration.is_del, 0),
        inArray(registration.state, [...ACTIVE_QUEUE_STATES]),
      ),
    )
    .limit(1);
  if (dup) throw alreadyQueued(ctx.who.locale, patId, dup.state as QueueState);
}

/** The scheduled study the registration is for: the given order of the hospital, or a new one. */
async function studyFor(tx: Tx, ctx: QueueCtx, hospitalCode: string, v: SaveInput): Promise<number> {
  if (v.study_pk) {
    const [s] = await tx.select().from(study).where(eq(study.pk, v.study_pk)).for('update');
    if (!s || s.hospital_code !== hospitalCode || s.is_del) throw notFound();
    const [taken] = await tx
      .select({ pk: registration.pk })
      .from(registration)
      .where(and(eq(registration.study_pk, s.pk), eq(registration.is_del, 0)))
      .limit(1);
    if (taken) throw new AppError(409, 'CONFLICT', 'queueStudyTaken');
    return s.pk;
  }
  const [row] = await tx
    .insert(study)
    .values({
      study_iuid: newUid(),
      hospital_code: hospitalCode,
      patient_id: v.pat_id,
      patient_name: v.pat_name,
      patient_sex: v.patient_sex,
      patient_age: v.patient_age,
      patient_phone: v.patient_phone,
      accession_no: v.accession_no || newAccessionNo(ctx.now),
      modality: v.modality,
      study_desc: v.study_desc,
      study_desc_value: v.study_desc ? [{ key: v.study_desc, label: v.study_desc }] : [],
      sq_doctor: v.sq_doctor,
      study_datetime: v.scheduled_time ? new Date(v.scheduled_time) : ctx.now,
    })
    .returning({ pk: study.pk });
  await tx.insert(report).values({ study_pk: row!.pk, rpt_position: 1 });
  return row!.pk;
}

async function create(tx: Tx, ctx: QueueCtx, v: SaveInput): Promise<RegistrationRecord> {
  const hospitalCode = await queueHospital(tx, ctx.who.me, ctx.who.locale, v.hospital_code);
  const day = queueDay(ctx.now);
  if (v.call_room) await assertRoom(tx, ctx, hospitalCode, v.call_room);
  await assertNotQueued(tx, ctx, hospitalCode, v.pat_id, day);
  const studyPk = await studyFor(tx, ctx, hospitalCode, v);
  const issued = v.call_room ? await nextCallNo(tx, hospitalCode, v.call_room, day) : null;
  const [after] = await tx
    .insert(registration)
    .values({
      hospital_code: hospitalCode,
      study_pk: studyPk,
      pat_id: v.pat_id,
      pat_name: v.pat_name,
      patient_sex: v.patient_sex,
      patient_age: v.patient_age,
      modality: v.modality,
      call_room: v.call_room ?? '',
      call_no: issued?.call_no ?? null,
      call_prefix: issued?.call_prefix ?? '',
      state: issued ? 'number_taken' : 'registered',
      sq_doctor: v.sq_doctor,
      queue_day: day,
      register_time: ctx.now,
      number_time: issued ? ctx.now : null,
      create_user: ctx.who.me.name,
    })
    .returning();
  await auditChange(tx, ctx.who.me, {
    action: 'queue.register',
    target: `registration:${after!.pk}`,
    before: null,
    after: after!,
    ip: ctx.who.ip,
  });
  return after!;
}

/** Edits the patient fields of a registration not yet called (registered or number taken), and its study's. */
async function edit(tx: Tx, ctx: QueueCtx, pk: number, v: SaveInput): Promise<RegistrationRecord> {
  const [before] = await tx.select().from(registration).where(eq(registration.pk, pk)).for('update');
  const me = ctx.who.me;
  if (!before || before.is_del || (!me.isSuper && before.hospital_code !== me.hospital_code)) throw notFound();
  const state = before.state as QueueState;
  if (state !== 'registered' && state !== 'number_taken') throw wrongState(ctx.who.locale, state);
  if (v.pat_id !== before.pat_id) await assertNotQueued(tx, ctx, before.hospital_code, v.pat_id, before.queue_day);
  const fields = {
    pat_id: v.pat_id,
    pat_name: v.pat_name,
    patient_sex: v.patient_sex,
    patient_age: v.patient_age,
    modality: v.modality,
    sq_doctor: v.sq_doctor,
  };
  const [after] = await tx.update(registration).set(fields).where(eq(registration.pk, pk)).returning();
  await tx
    .update(study)
    .set({
      patient_id: v.pat_id,
      patient_name: v.pat_name,
      patient_sex: v.patient_sex,
      patient_age: v.patient_age,
      patient_phone: v.patient_phone,
      modality: v.modality,
      sq_doctor: v.sq_doctor,
      ...(v.study_desc
        ? { study_desc: v.study_desc, study_desc_value: [{ key: v.study_desc, label: v.study_desc }] }
        : {}),
    })
    .where(eq(study.pk, before.study_pk));
  await auditChange(tx, me, { action: 'queue.update', target: `registration:${pk}`, before, after, ip: ctx.who.ip });
  return after!;
}

/** POST /register/save: register (creating the scheduled study) or edit. */
export async function saveRegistration(ctx: QueueCtx, v: SaveInput): Promise<Registration> {
  let row: RegistrationRecord;
  try {
    row = await ctx.db.transaction((tx) => (v.pk ? edit(tx, ctx, v.pk, v) : create(tx, ctx, v)));
  } catch (err) {
    // Two desks registering the same patient at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw alreadyQueued(ctx.who.locale, v.pat_id, 'registered');
    throw err;
  }
  if (row.call_room)
    await publishAll(ctx, [{ kind: 'room', hospital_code: row.hospital_code, call_room: row.call_room }]);
  return registrationView(ctx.db, row.pk);
}
