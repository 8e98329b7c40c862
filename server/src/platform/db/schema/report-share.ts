import { bigint, bigserial, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { study } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** kind of a report_share row: a doctor's patient link, or a token of a patient look-up answer. */
export const SHARE_KIND = { link: 1, lookup: 2 } as const;

/** Read-only tokens that open one study's audited report in the print view; only their hash is kept. */
export const reportShare = pgTable(
  'report_share',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    kind: smallint('kind').notNull(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    /** sys_user.pk of the doctor who made a link; null for a look-up token. */
    created_by: integer('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    revoked_by: integer('revoked_by'),
  },
  (t) => [index('report_share_study_idx').on(t.study_pk), index('report_share_expires_idx').on(t.expires_at)],
);

/**
 * Look-ups that found nothing, by hospital and by the identifier they named (its SHA-256 with the hospital,
 * never the value): a named patient ID or accession number with too many recent misses answers every
 * look-up as a miss for a while, and a hospital with too many misses is paused (docs/patient-lookup.md).
 * Rows older than a day are removed.
 */
export const patientLookupMiss = pgTable(
  'patient_lookup_miss',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    target_hash: varchar('target_hash', { length: 64 }).notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('patient_lookup_miss_target_idx').on(t.target_hash, t.at),
    index('patient_lookup_miss_hospital_idx').on(t.hospital_code, t.at),
  ],
);
