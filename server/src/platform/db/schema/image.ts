import { bigint, bigserial, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { session } from './auth';
import { study } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/** A DICOM series of a study (the image list groups instances by it). */
export const series = pgTable(
  'series',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    series_iuid: varchar('series_iuid', { length: 64 }).notNull().unique(),
    modality: str('modality', 16),
    series_number: integer('series_number'),
    series_desc: str('series_desc', 256),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('series_study_idx').on(t.study_pk, t.series_number)],
);

/** One stored DICOM instance: its metadata here, its bytes in the image store under storage_key. */
export const instance = pgTable(
  'instance',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    series_pk: bigint('series_pk', { mode: 'number' })
      .notNull()
      .references(() => series.pk, { onDelete: 'cascade' }),
    sop_iuid: varchar('sop_iuid', { length: 64 }).notNull().unique(),
    sop_class_uid: str('sop_class_uid'),
    instance_number: integer('instance_number'),
    transfer_syntax: str('transfer_syntax'),
    frame_count: integer('frame_count').notNull().default(1),
    rows: integer('rows'),
    cols: integer('cols'),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storage_key: varchar('storage_key', { length: 256 }).notNull(),
    del_image: smallint('del_image').notNull().default(0),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('instance_study_idx').on(t.study_pk, t.del_image),
    index('instance_series_idx').on(t.series_pk, t.instance_number),
  ],
);

/**
 * A viewer window's study-bound token (stored hashed): it opens that study's images only, for minutes,
 * and dies with the session that asked for it.
 */
export const viewerToken = pgTable(
  'viewer_token',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    session_pk: bigint('session_pk', { mode: 'number' })
      .notNull()
      .references(() => session.pk, { onDelete: 'cascade' }),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('viewer_token_expires_idx').on(t.expires_at)],
);
