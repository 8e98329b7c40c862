import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CallSettings } from '@shared/schemas/call-devices';
import { study } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/** A waiting-room screen. Its key (shown once) is kept as a SHA-256 hex digest; '' none issued. */
export const callDevice = pgTable(
  'call_device',
  {
    pk: serial('pk').primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    department: str('department'),
    settings: jsonb('settings').$type<CallSettings>().notNull(),
    key_hash: str('key_hash'),
    status: smallint('status').notNull().default(1),
    create_time: ts('create_time').notNull().defaultNow(),
    update_time: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('call_device_hosp_idx').on(t.hospital_code)],
);

/** A consulting room of a hospital; `doctor` is the one on duty (set from the call panel). */
export const callRoom = pgTable(
  'call_room',
  {
    pk: serial('pk').primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    room_name: varchar('room_name', { length: 32 }).notNull(),
    doctor: str('doctor'),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_room_hosp_name_idx').on(t.hospital_code, t.room_name)],
);

/** Which rooms a device shows, in order. */
export const callDeviceRoom = pgTable(
  'call_device_room',
  {
    device_pk: integer('device_pk')
      .notNull()
      .references(() => callDevice.pk, { onDelete: 'cascade' }),
    room_pk: integer('room_pk')
      .notNull()
      .references(() => callRoom.pk, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.device_pk, t.room_pk] }), index('call_device_room_room_idx').on(t.room_pk)],
);

/** The last number given out per hospital, room and day (incremented by one upsert, so never twice). */
export const queueCounter = pgTable(
  'queue_counter',
  {
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    call_room: varchar('call_room', { length: 32 }).notNull(),
    queue_day: date('queue_day', { mode: 'string' }).notNull(),
    last_no: integer('last_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hospital_code, t.call_room, t.queue_day] })],
);

/** A queue entry: one patient registered for one scheduled study, and where they are in the queue. */
export const registration = pgTable(
  'registration',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    pat_id: varchar('pat_id', { length: 64 }).notNull(),
    pat_name: varchar('pat_name', { length: 64 }).notNull(),
    patient_sex: str('patient_sex', 1),
    patient_age: str('patient_age', 16),
    modality: str('modality', 16),
    call_room: str('call_room', 32),
    call_no: integer('call_no'),
    /** The room's number segment prefix when the number was issued (B of B101; '' none): later edits leave it. */
    call_prefix: str('call_prefix', 8),
    state: varchar('state', { length: 16 }).notNull(),
    doctor: str('doctor'),
    sq_doctor: str('sq_doctor'),
    /** Set by topOne: the most recent goes first in its room. */
    top_time: ts('top_time'),
    call_count: integer('call_count').notNull().default(0),
    is_del: smallint('is_del').notNull().default(0),
    queue_day: date('queue_day', { mode: 'string' }).notNull(),
    register_time: ts('register_time').notNull().defaultNow(),
    number_time: ts('number_time'),
    call_time: ts('call_time'),
    pass_time: ts('pass_time'),
    check_time: ts('check_time'),
    complete_time: ts('complete_time'),
    abandon_time: ts('abandon_time'),
    create_user: str('create_user'),
  },
  (t) => [
    uniqueIndex('registration_room_day_no_idx')
      .on(t.hospital_code, t.call_room, t.queue_day, t.call_no)
      .where(sql`${t.call_no} is not null`),
    // A patient holds one place in the hospital's queue per day while it is active.
    uniqueIndex('registration_active_patient_idx')
      .on(t.hospital_code, t.queue_day, t.pat_id)
      .where(sql`${t.is_del} = 0 and ${t.state} in ('registered', 'number_taken', 'called', 'passed', 'checking')`),
    index('registration_hosp_day_room_idx').on(t.hospital_code, t.queue_day, t.call_room),
    index('registration_study_idx').on(t.study_pk),
  ],
);
