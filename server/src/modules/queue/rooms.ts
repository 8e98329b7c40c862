import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { RoomDoctorSchema } from '@shared/schemas/queue';
import type { CallRoom, CallRoomSaveSchema, CallRoomUpdateSchema } from '@shared/schemas/call-devices';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { callDevice, callDeviceRoom, callRoom, queueCounter, registration } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { QueueEvent } from '../../platform/realtime/queue-events';
import { auditChange } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/conflict';
import { publishAll, type QueueCtx } from './context';
import { noRoom } from './errors';
import { queueHospital } from './scope';

type RoomRecord = typeof callRoom.$inferSelect;

const duplicateRoom = (ctx: QueueCtx, room: string) => {
  const e = new AppError(409, 'CONFLICT', 'queueRoomDuplicate', { room });
  e.errors = [{ field: 'room_name', msg: translate(ctx.who.locale, 'queueRoomDuplicate', { room }) }];
  return e;
};

/** The rooms of a hospital with the devices showing each. */
export async function listRooms(db: DbOrTx, hospitalCode: string): Promise<CallRoom[]> {
  const rooms = await db
    .select()
    .from(callRoom)
    .where(eq(callRoom.hospital_code, hospitalCode))
    .orderBy(asc(callRoom.room_name), asc(callRoom.pk));
  const links = rooms.length
    ? await db
        .select()
        .from(callDeviceRoom)
        .where(
          inArray(
            callDeviceRoom.room_pk,
            rooms.map((r) => r.pk),
          ),
        )
    : [];
  return rooms.map((r) => ({
    pk: r.pk,
    hospital_code: r.hospital_code,
    room_name: r.room_name,
    doctor: r.doctor,
    device_pks: links.filter((l) => l.room_pk === r.pk).map((l) => l.device_pk),
  }));
}

async function roomView(db: DbOrTx, r: RoomRecord): Promise<CallRoom> {
  return (await listRooms(db, r.hospital_code)).find((x) => x.pk === r.pk)!;
}

/** The devices given must be of the room's hospital (another's read as absent). */
async function setRoomDevices(tx: Tx, room: RoomRecord, devicePks: number[]): Promise<number[]> {
  const unique = [...new Set(devicePks)];
  const own = unique.length
    ? await tx
        .select({ pk: callDevice.pk })
        .from(callDevice)
        .where(and(inArray(callDevice.pk, unique), eq(callDevice.hospital_code, room.hospital_code)))
    : [];
  if (own.length !== unique.length) throw notFound();
  const before = await tx.select().from(callDeviceRoom).where(eq(callDeviceRoom.room_pk, room.pk));
  await tx.delete(callDeviceRoom).where(eq(callDeviceRoom.room_pk, room.pk));
  if (unique.length) {
    await tx.insert(callDeviceRoom).values(unique.map((device_pk) => ({ device_pk, room_pk: room.pk, sort: 1000 })));
  }
  return [...new Set([...before.map((l) => l.device_pk), ...unique])];
}

export async function saveRoom(ctx: QueueCtx, v: z.output<typeof CallRoomSaveSchema>): Promise<CallRoom> {
  let touched: number[] = [];
  let room: RoomRecord;
  try {
    room = await ctx.db.transaction(async (tx) => {
      const hospitalCode = await queueHospital(tx, ctx.who.me, ctx.who.locale, v.hospital_code);
      const [created] = await tx
        .insert(callRoom)
        .values({ hospital_code: hospitalCode, room_name: v.room_name, create_time: ctx.now })
        .returning();
      touched = await setRoomDevices(tx, created!, v.device_pks);
      await auditChange(tx, ctx.who.me, {
        action: 'call_room.create',
        target: `call_room:${created!.pk}`,
        after: { ...created!, device_pks: v.device_pks },
        ip: ctx.who.ip,
      });
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateRoom(ctx, v.room_name);
    throw err;
  }
  await publishAll(
    ctx,
    touched.map((device_pk) => ({ kind: 'device', device_pk }) as const),
  );
  return roomView(ctx.db, room);
}

/** Renames a room (its registrations and number counters follow) and/or sets the devices showing it. */
export async function updateRoom(ctx: QueueCtx, v: z.output<typeof CallRoomUpdateSchema>): Promise<CallRoom> {
  const events: QueueEvent[] = [];
  let room: RoomRecord;
  try {
    room = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(callRoom).where(eq(callRoom.pk, v.pk)).for('update');
      const me = ctx.who.me;
      if (!before || (!me.isSuper && before.hospital_code !== me.hospital_code)) throw notFound();
      let after = before;
      if (v.room_name !== undefined && v.room_name !== before.room_name) {
        const where = (
          col: typeof registration.call_room | typeof queueCounter.call_room,
          hosp: typeof registration.hospital_code | typeof queueCounter.hospital_code,
        ) => and(eq(hosp, before.hospital_code), eq(col, before.room_name));
        const [renamed] = await tx
          .update(callRoom)
          .set({ room_name: v.room_name })
          .where(eq(callRoom.pk, v.pk))
          .returning();
        after = renamed!;
        await tx
          .update(registration)
          .set({ call_room: v.room_name })
          .where(where(registration.call_room, registration.hospital_code));
        await tx
          .update(queueCounter)
          .set({ call_room: v.room_name })
          .where(where(queueCounter.call_room, queueCounter.hospital_code));
        events.push({ kind: 'room', hospital_code: before.hospital_code, call_room: v.room_name });
      }
      const links = await tx.select().from(callDeviceRoom).where(eq(callDeviceRoom.room_pk, v.pk));
      const devices = v.device_pks ? await setRoomDevices(tx, after!, v.device_pks) : links.map((l) => l.device_pk);
      for (const device_pk of devices) events.push({ kind: 'device', device_pk });
      await auditChange(tx, me, {
        action: 'call_room.update',
        target: `call_room:${v.pk}`,
        before: { ...before, device_pks: links.map((l) => l.device_pk) },
        after: { ...after!, device_pks: v.device_pks ?? links.map((l) => l.device_pk) },
        ip: ctx.who.ip,
      });
      return after!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateRoom(ctx, v.room_name ?? '');
    throw err;
  }
  await publishAll(ctx, events);
  return roomView(ctx.db, room);
}

/** POST /register/doctor: the doctor on duty in a room; its screens show it. */
export async function setRoomDoctor(ctx: QueueCtx, v: z.output<typeof RoomDoctorSchema>): Promise<CallRoom> {
  const room = await ctx.db.transaction(async (tx) => {
    const hospitalCode = await queueHospital(tx, ctx.who.me, ctx.who.locale, v.hospital_code);
    const [before] = await tx
      .select()
      .from(callRoom)
      .where(and(eq(callRoom.hospital_code, hospitalCode), eq(callRoom.room_name, v.call_room)))
      .for('update');
    if (!before) throw noRoom(ctx.who.locale, v.call_room);
    const [after] = await tx.update(callRoom).set({ doctor: v.doctor }).where(eq(callRoom.pk, before.pk)).returning();
    await auditChange(tx, ctx.who.me, {
      action: 'call_room.doctor',
      target: `call_room:${before.pk}`,
      before,
      after: after!,
      ip: ctx.who.ip,
    });
    return after!;
  });
  await publishAll(ctx, [
    { kind: 'doctor', hospital_code: room.hospital_code, call_room: room.room_name, name_current: room.doctor },
  ]);
  return roomView(ctx.db, room);
}
