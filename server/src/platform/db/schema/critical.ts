import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { report, study } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/** critical_result.status */
export const CRITICAL_STATUS = { OPEN: 0, ACKNOWLEDGED: 1, WITHDRAWN: 2 } as const;

/**
 * A critical result's closed loop (issue 41, docs/critical-results.md): set on a report, told to the requesting
 * department, acknowledged by a named person, escalated when nobody does in time. Written by the report's own
 * critical-value statement, so it exists exactly when the report says critical; a changed text is a new loop.
 */
export const criticalResult = pgTable(
  'critical_result',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    /** The requesting department when it was set (the study's `department`). */
    department: str('department'),
    text: text('text').notNull(),
    status: smallint('status').notNull().default(CRITICAL_STATUS.OPEN),
    set_by_pk: integer('set_by_pk'),
    set_by_name: str('set_by_name'),
    set_at: ts('set_at').notNull(),
    /** Signed-in users it was pushed to when set (0: nobody of the department was signed in). */
    notified: integer('notified').notNull().default(0),
    ack_by_pk: integer('ack_by_pk'),
    ack_by_name: str('ack_by_name'),
    ack_at: ts('ack_at'),
    ack_note: str('ack_note', 256),
    /** When it was escalated for want of an acknowledgement (critical_ack_minutes after set_at). */
    escalated_at: ts('escalated_at'),
    /** Acknowledged or withdrawn (the value deleted or changed). */
    closed_at: ts('closed_at'),
  },
  (t) => [
    index('critical_result_open_idx').on(t.hospital_code, t.status, t.set_at),
    index('critical_result_rpt_idx').on(t.rpt_pk),
  ],
);
