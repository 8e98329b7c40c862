import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { maskName, type ScreenRoom, type ScreenUpdateDevice } from '@shared/protocol/queue-screen';
import { CallSettingsSchema } from '@shared/schemas/call-devices';
import type { DbOrTx } from '../../platform/db/client';
import { callDevice, callDeviceRoom, callRoom, hospital, registration } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';

/** A device as its screens need it, with what the socket checks (key hash, status). */
export interface ScreenDeviceState {
  pk: number;
  hospital_code: string;
  key_hash: string;
  status: number;
  update: ScreenUpdateDevice;
}

export async function loadScreenDevice(db: DbOrTx, pk: number): Promise<ScreenDeviceState | null> {
  const [d] = await db
    .select({ device: callDevice, hospital_name: hospital.name })
    .from(callDevice)
    .leftJoin(hospital, eq(hospital.code, callDevice.hospital_code))
    .where(eq(callDevice.pk, pk));
  if (!d) return null;
  const rooms = await db
    .select({ room_name: callRoom.room_name, doctor: callRoom.doctor })
    .from(callDeviceRoom)
    .innerJoin(callRoom, eq(callRoom.pk, callDeviceRoom.room_pk))
    .where(eq(callDeviceRoom.device_pk, pk))
    .orderBy(asc(callDeviceRoom.sort), asc(callRoom.pk));
  const dev = d.device;
  return {
    pk: dev.pk,
    hospital_code: dev.hospital_code,
    key_hash: dev.key_hash,
    status: dev.status,
    update: {
      type: 'update_device',
      device: {
        pk: dev.pk,
        name: dev.name,
        hospital_code: dev.hospital_code,
        hospital_name: d.hospital_name ?? '',
        department: dev.department,
        status: dev.status,
        // Stored settings are re-read through the schema so a setting added later gets its default.
        settings: CallSettingsSchema.parse(dev.settings),
      },
      rooms,
    },
  };
}

const ON_SCREEN = ['number_taken', 'passed', 'called', 'checking'];

/** A registration as a screen's room shows it (before masking). */
export type RoomRow = Awaited<ReturnType<typeof roomRows>>[number];

/**
 * The registrations on screen today in these rooms of a hospital (one query for any number of rooms, so a
 * process serves every device of a hospital with one), topped first (latest first), then by number.
 */
export async function roomRows(db: DbOrTx, hospitalCode: string, names: string[], day: string) {
  if (!names.length) return [];
  return db
    .select({
      call_room: registration.call_room,
      call_no: registration.call_no,
      call_prefix: registration.call_prefix,
      pat_name: registration.pat_name,
      state: registration.state,
      call_time: registration.call_time,
    })
    .from(registration)
    .where(
      and(
        eq(registration.hospital_code, hospitalCode),
        eq(registration.queue_day, day),
        inArray(registration.call_room, names),
        eq(registration.is_del, 0),
        inArray(registration.state, ON_SCREEN),
        sql`${registration.call_no} is not null`,
      ),
    )
    .orderBy(desc(sql`${registration.top_time} is not null`), desc(registration.top_time), asc(registration.call_no));
}

/** One device's rooms from the rows of roomRows (which may hold other rooms too): current call and waiting numbers, names masked. */
export function buildRooms(
  rows: RoomRow[],
  rooms: { room_name: string; doctor: string }[],
  waitingMax: number,
): ScreenRoom[] {
  return rooms.map(({ room_name, doctor }) => {
    const mine = rows.filter((r) => r.call_room === room_name);
    const calledNow = mine
      .filter((r) => (r.state === 'called' || r.state === 'checking') && r.call_time)
      .sort((a, b) => b.call_time!.getTime() - a.call_time!.getTime())[0];
    const waiting = mine.filter((r) => r.state === 'number_taken' || r.state === 'passed');
    return {
      room_name,
      doctor,
      current: calledNow
        ? {
            call_no: calledNow.call_no!,
            call_prefix: calledNow.call_prefix,
            pat_name: maskName(calledNow.pat_name),
            state: calledNow.state,
            call_time: fmt(calledNow.call_time),
          }
        : null,
      waiting: waiting
        .slice(0, waitingMax)
        .map((r) => ({ call_no: r.call_no!, call_prefix: r.call_prefix, pat_name: maskName(r.pat_name) })),
      waiting_count: waiting.length,
    };
  });
}

/** The rooms' current call and waiting numbers of one day, names masked. */
export async function roomsSnapshot(
  db: DbOrTx,
  hospitalCode: string,
  rooms: { room_name: string; doctor: string }[],
  day: string,
  waitingMax: number,
): Promise<ScreenRoom[]> {
  const rows = await roomRows(
    db,
    hospitalCode,
    rooms.map((r) => r.room_name),
    day,
  );
  return buildRooms(rows, rooms, waitingMax);
}
