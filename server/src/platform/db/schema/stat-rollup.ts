import { bigint, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/*
 * Statistics counts kept per day (issue 39, docs/decisions.md "Statistics from counts kept per day"): filled by
 * triggers on study and report in the writing transaction, so a month or a year reads these rows, not the
 * studies. Only live studies (is_del = 0) count. `day` is the calendar day in the zone of stat_rollup_zone.
 * patient_type is stored 0 when the study has none (no call filters on 0: it is the spec's "no filter").
 */

const code = () => varchar('hospital_code', { length: 32 }).notNull();
const text = (name: string, length = 64) => varchar(name, { length }).notNull();
const count = (name: string) => integer(name).notNull().default(0);
const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** The zone the days of the counts are in (one row); a start under another TIME_ZONE rebuilds the counts. */
export const statRollupZone = pgTable('stat_rollup_zone', {
  id: smallint('id').primaryKey().default(1),
  zone: varchar('zone', { length: 64 }).notNull(),
});

/** Live studies by the day of their study time (basis 's') or of their registration (basis 'c'). */
export const statStudyDay = pgTable(
  'stat_study_day',
  {
    basis: varchar('basis', { length: 1 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hospital_code: code(),
    modality: text('modality', 16),
    studies: count('studies'),
    images: total('images'),
    bytes: total('bytes'),
  },
  (t) => [
    primaryKey({ columns: [t.hospital_code, t.basis, t.day, t.modality] }),
    index('stat_study_day_day_idx').on(t.day),
  ],
);

/**
 * Reports of live studies by stage: written ('c': rpt_status >= 1, by report_doctor on report_datetime's day)
 * and audited ('s': rpt_status = 2, by sh_doctor on sh_datetime's day).
 */
export const statReportDay = pgTable(
  'stat_report_day',
  {
    stage: varchar('stage', { length: 1 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hospital_code: code(),
    doctor: text('doctor'),
    modality: text('modality', 16),
    patient_type: smallint('patient_type').notNull(),
    reports: count('reports'),
    parts: total('parts'),
    positive: count('positive'),
    negative: count('negative'),
    critical: count('critical'),
  },
  (t) => [
    primaryKey({ columns: [t.hospital_code, t.stage, t.day, t.doctor, t.modality, t.patient_type] }),
    index('stat_report_day_day_idx').on(t.day),
  ],
);

/** As stat_report_day, by body part (study_desc) instead of doctor; only reports whose stage has a doctor. */
export const statPartDay = pgTable(
  'stat_part_day',
  {
    stage: varchar('stage', { length: 1 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hospital_code: code(),
    study_desc: text('study_desc', 512),
    modality: text('modality', 16),
    patient_type: smallint('patient_type').notNull(),
    reports: count('reports'),
    parts: total('parts'),
  },
  (t) => [
    primaryKey({ columns: [t.hospital_code, t.stage, t.day, t.study_desc, t.modality, t.patient_type] }),
    index('stat_part_day_day_idx').on(t.day),
  ],
);

/**
 * Live studies with a first report (rpt_position 1), by the day of the study ('study'), of that report's
 * writing ('report', rpt_status >= 1) or of its audit ('audit', rpt_status = 2): the monthly count.
 */
export const statMonthDay = pgTable(
  'stat_month_day',
  {
    basis: varchar('basis', { length: 6 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hospital_code: code(),
    modality: text('modality', 16),
    study_desc: text('study_desc', 512),
    patient_type: smallint('patient_type').notNull(),
    studies: count('studies'),
    parts: total('parts'),
  },
  (t) => [
    primaryKey({ columns: [t.hospital_code, t.basis, t.day, t.modality, t.study_desc, t.patient_type] }),
    index('stat_month_day_day_idx').on(t.day),
  ],
);

/**
 * Live studies by a fact the series group by (`attr`): 'hour' (of the basis time), 'age' (decade), 'sex', 'ptype'
 * (patient type, '' none), 'desc' (body part), 'phone' ('withPhone' / 'withoutPhone'), 'sqdoc' (requesting
 * doctor); by the day of their study time (basis 's', every fact) or of their registration ('c', hour and age).
 */
export const statAttrDay = pgTable(
  'stat_attr_day',
  {
    basis: varchar('basis', { length: 1 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hospital_code: code(),
    attr: varchar('attr', { length: 8 }).notNull(),
    value: text('value', 512),
    studies: count('studies'),
  },
  (t) => [
    primaryKey({ columns: [t.hospital_code, t.basis, t.day, t.attr, t.value] }),
    index('stat_attr_day_day_idx').on(t.day),
  ],
);
