import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { callRoom } from './queue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length: number) => varchar(name, { length }).notNull().default('');

/** An ultrasound client station: the workstation PC of one US room (several may share a room). */
export const usClient = pgTable(
  'us_client',
  {
    pk: serial('pk').primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    room_pk: integer('room_pk')
      .notNull()
      .references(() => callRoom.pk, { onDelete: 'cascade' }),
    /** IPv4 or IPv6 of the PC; '' unknown. */
    ip: str('ip', 45),
    status: smallint('status').notNull().default(1),
    remark: str('remark', 200),
    create_time: ts('create_time').notNull().defaultNow(),
    update_time: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('us_client_hosp_name_idx').on(t.hospital_code, t.name),
    uniqueIndex('us_client_hosp_ip_idx')
      .on(t.hospital_code, t.ip)
      .where(sql`${t.ip} <> ''`),
    index('us_client_room_idx').on(t.room_pk),
  ],
);

/**
 * The number segment of a US room: its numbers of the day run start_no..end_no (shown with the prefix).
 * The day's count stays in queue_counter, so issuing keeps its single atomic upsert (numbering.ts).
 */
export const usNumber = pgTable(
  'us_number',
  {
    pk: serial('pk').primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    room_pk: integer('room_pk')
      .notNull()
      .references(() => callRoom.pk, { onDelete: 'cascade' }),
    prefix: str('prefix', 8),
    start_no: integer('start_no').notNull(),
    end_no: integer('end_no').notNull(),
    remark: str('remark', 200),
    create_time: ts('create_time').notNull().defaultNow(),
    update_time: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('us_number_room_idx').on(t.room_pk),
    index('us_number_hosp_idx').on(t.hospital_code),
    check('us_number_range_chk', sql`${t.start_no} >= 1 and ${t.end_no} >= ${t.start_no}`),
  ],
);
