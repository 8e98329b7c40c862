import { bigint, bigserial, index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { study } from './study';

/**
 * A patient file of a study (spec entity "patient file"): an attachment (kind 'file': scans of application
 * forms, consent, earlier films) or a video (kind 'video'). Bytes in the image store under storage_key; a
 * delete is the is_del flag (the bytes stay, as with images).
 */
export const patientFile = pgTable(
  'patient_file',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** The content type found from the file's first bytes (not the sender's word). */
    type: varchar('type', { length: 64 }).notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storage_key: varchar('storage_key', { length: 256 }).notNull().unique(),
    create_user_pk: bigint('create_user_pk', { mode: 'number' }).notNull(),
    /** The uploader's display name when it was added. */
    create_user: varchar('create_user', { length: 64 }).notNull().default(''),
    create_time: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    is_del: smallint('is_del').notNull().default(0),
  },
  (t) => [index('patient_file_study_idx').on(t.study_pk, t.kind, t.is_del)],
);
