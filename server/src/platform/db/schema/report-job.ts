import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { criticalResult } from './critical';
import { report, reportVersion } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Work that follows an audit, outside the audit's transaction (docs/report-products.md): render and archive
 * the PDF ('archive'), then send it downstream ('deliver'); when a delivered audit is cancelled, withdraw it
 * ('withdraw', written in the cancel's transaction). The archive job is written by the audit's own
 * statement, so it survives a crash; claimed by `locked_until`, retried at `next_at` with backoff.
 */
export const reportJob = pgTable(
  'report_job',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    /** 'archive' | 'deliver' | 'withdraw' | 'hl7_result' | 'hl7_cancel' | 'hl7_critical' (a plain varchar) */
    kind: varchar('kind', { length: 16 }).notNull(),
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    /** The audit's version row: the PDF and the delivery belong to it (null for a critical value's message). */
    version_pk: bigint('version_pk', { mode: 'number' }).references(() => reportVersion.pk, { onDelete: 'cascade' }),
    /** 'hl7_critical': the critical result's loop whose value is told to the HIS before sign-off (issue 41). */
    critical_pk: bigint('critical_pk', { mode: 'number' }).references(() => criticalResult.pk, {
      onDelete: 'cascade',
    }),
    /** report.version right after the audit; the PDF is of that state only. */
    report_version: integer('report_version').notNull(),
    /** The auditor: the print page is rendered as this user. */
    actor_pk: integer('actor_pk').notNull(),
    /** 'pending' | 'done' | 'failed' | 'superseded' */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_at: ts('next_at').notNull().defaultNow(),
    locked_until: ts('locked_until'),
    last_error: text('last_error').notNull().default(''),
    /**
     * A delivery attempt went out and got no answer (timeout, connection lost after sending): the receiver
     * may hold the report, so cancelling its audit withdraws it even though the job never succeeded.
     */
    maybe_sent: boolean('maybe_sent').notNull().default(false),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_job_kind_version_uq').on(t.kind, t.version_pk),
    index('report_job_due_idx')
      .on(t.next_at)
      .where(sql`state = 'pending'`),
    index('report_job_rpt_idx').on(t.rpt_pk),
  ],
);
