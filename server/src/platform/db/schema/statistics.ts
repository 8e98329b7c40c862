import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/**
 * A multidisciplinary consultation (statistics per hospital, table 2). The platform has no screen that
 * creates them: an integration (HIS/EMR) writes them; the demo seed writes a few.
 */
export const consultation = pgTable(
  'consultation',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    study_iuid: str('study_iuid'),
    /** How many disciplines took part: 1 single, 2 dual, 3 or more multi. */
    disciplines: smallint('disciplines').notNull(),
    subject: str('subject', 256),
    consult_time: ts('consult_time').notNull(),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('consultation_hospital_time_idx').on(t.hospital_code, t.consult_time),
    check('consultation_disciplines_check', sql`${t.disciplines} >= 1`),
  ],
);

/** File download time: what the viewer measured when it opened a study (kept 180 days). */
export const useTime = pgTable(
  'use_time',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    study_iuid: varchar('study_iuid', { length: 64 }).notNull(),
    modality: str('modality', 16),
    user_pk: integer('user_pk').notNull(),
    user_name: str('user_name'),
    first_ms: integer('first_ms').notNull(),
    total_ms: integer('total_ms').notNull(),
    images: integer('images').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('use_time_create_time_idx').on(t.create_time)],
);
