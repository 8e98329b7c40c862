import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { report, reportVersion } from './study';

/**
 * An addition to an audited report (issue 41): the signed original stays as it was; each addendum is its own
 * row, numbered per report, written with the version row (status 2) it made, whose archived PDF and delivery
 * carry the original and every addendum up to it.
 */
export const reportAddendum = pgTable(
  'report_addendum',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    /** The version row the addendum wrote: the report as audited with the addenda up to this one. */
    version_pk: bigint('version_pk', { mode: 'number' })
      .notNull()
      .references(() => reportVersion.pk, { onDelete: 'cascade' }),
    /** 1, 2, ... per report. */
    seq: smallint('seq').notNull(),
    text: text('text').notNull(),
    author: varchar('author', { length: 64 }).notNull().default(''),
    author_pk: integer('author_pk').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('report_addendum_seq_idx').on(t.rpt_pk, t.seq),
    index('report_addendum_version_idx').on(t.version_pk),
  ],
);
