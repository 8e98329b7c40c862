import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

export const study = pgTable(
  'study',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    study_iuid: varchar('study_iuid', { length: 64 }).notNull().unique(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    patient_id: str('patient_id'),
    patient_name: str('patient_name'),
    /** The name as a DICOM PN with all its groups (alphabetic=ideographic=phonetic), for a study made from images; '' else. */
    patient_pn: str('patient_pn', 200),
    patient_sex: str('patient_sex', 1),
    patient_age: str('patient_age', 16),
    patient_type: smallint('patient_type'),
    accession_no: str('accession_no'),
    modality: str('modality', 16),
    study_desc: str('study_desc', 512),
    study_desc_value: jsonb('study_desc_value').$type<{ key: string; label: string }[]>().notNull().default([]),
    study_datetime: ts('study_datetime').notNull(),
    create_time: ts('create_time').notNull().defaultNow(),
    card_no: str('card_no'),
    patient_phone: str('patient_phone', 32),
    department: str('department'),
    bed_no: str('bed_no', 32),
    price: numeric('price', { precision: 10, scale: 2 }),
    scan_mode: str('scan_mode'),
    study_department: str('study_department'),
    diagnosis: str('diagnosis', 1024),
    note: str('note', 1024),
    infection_note: str('infection_note', 256),
    sq_doctor: str('sq_doctor'),
    study_style: str('study_style'),
    parts_count: integer('parts_count').notNull().default(1),
    secord_study: smallint('secord_study').notNull().default(0),
    has_dicom_file: smallint('has_dicom_file').notNull().default(0),
    file_count: integer('file_count').notNull().default(0),
    /** Bytes of the study's live (not deleted) stored instances. */
    file_size: bigint('file_size', { mode: 'number' }).notNull().default(0),
    efilm_state: smallint('efilm_state').notNull().default(0),
    picture_state: smallint('picture_state').notNull().default(0),
    use_qc: smallint('use_qc').notNull().default(0),
    can_report: smallint('can_report').notNull().default(1),
    is_del: smallint('is_del').notNull().default(0),
    del_image: smallint('del_image').notNull().default(0),
    /** When the study went to the recycle bin (is_del = 1), by whom and why; purged after RECYCLE_KEEP_DAYS. */
    deleted_at: ts('deleted_at'),
    deleted_by: str('deleted_by'),
    delete_reason: str('delete_reason', 256),
    /** Who holds the study open for writing (display name); empty when free. */
    lock_status: str('lock_status'),
    lock_user_pk: integer('lock_user_pk'),
    /** The session that took the lock: it ends with that session (sign-out, expiry, revocation). */
    lock_session_pk: bigint('lock_session_pk', { mode: 'number' }),
    lock_time: ts('lock_time'),
    /**
     * The image grade of the study's latest graded quality record made in its hospital (quality_record; 4 A ..
     * 1 scrap), null when none: kept by triggers (migration 0039) so the film quality counts are a fact of the
     * study. Not written by the application.
     */
    image_grade: smallint('image_grade'),
    /**
     * What the patient holds to look their exams up (/patientInfo): 10 random hex characters (40 bits from
     * the database's strong random source), printed on the registration label and the report. Not sequential,
     * unlike the patient ID and accession number.
     */
    lookup_code: varchar('lookup_code', { length: 16 })
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
  },
  (t) => [
    index('study_hosp_create_idx').on(t.hospital_code, t.create_time.desc()),
    // Partial, so the worklist's count (is_del = 0 written as a literal) is an index-only scan.
    index('study_live_hosp_mod_dt_idx')
      .on(t.hospital_code, t.modality, t.study_datetime.desc())
      .where(sql`${t.is_del} = 0`),
    index('study_create_idx').on(t.create_time.desc()),
    // The recycle bin: its list and the purge.
    index('study_deleted_idx')
      .on(t.deleted_at)
      .where(sql`${t.is_del} = 1`),
    index('study_patient_id_idx').on(t.patient_id),
    index('study_accession_idx').on(t.accession_no),
    index('study_card_no_idx').on(t.card_no),
    index('study_phone_idx').on(t.patient_phone),
    index('study_patient_name_trgm_idx').using('gin', sql`${t.patient_name} gin_trgm_ops`),
  ],
);

export const report = pgTable(
  'report',
  {
    rpt_pk: bigserial('rpt_pk', { mode: 'number' }).primaryKey(),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    rpt_position: smallint('rpt_position').notNull().default(1),
    rpt_status: smallint('rpt_status').notNull().default(0),
    rpt_good_status: smallint('rpt_good_status'),
    rpt_model_id: str('rpt_model_id'),
    rpt_detail: jsonb('rpt_detail'),
    report_text1: text('report_text1').notNull().default(''),
    report_text2: text('report_text2').notNull().default(''),
    data3: text('data3').notNull().default(''),
    report_datetime: ts('report_datetime'),
    report_doctor: str('report_doctor'),
    report_doctor_uuid: str('report_doctor_uuid'),
    bind_rpt_user: str('bind_rpt_user'),
    sh_doctor: str('sh_doctor'),
    sh_datetime: ts('sh_datetime'),
    sign: str('sign', 512),
    print_status: smallint('print_status').notNull().default(0),
    image_quality: smallint('image_quality'),
    danger_val: text('danger_val').notNull().default(''),
    is_critical: smallint('is_critical').notNull().default(0),
    /** Set for a third-party report: audited elsewhere, shown through this PDF, never changed here. */
    third_party_pdf: str('third_party_pdf', 512),
    /** Delivery downstream of the last audit: '' none, 'pending', 'delivered', 'failed' (report_job keeps the detail). */
    delivery_status: str('delivery_status', 16),
    /** Optimistic concurrency: bumped by every write. */
    version: integer('version').notNull().default(1),
    updated_by: str('updated_by'),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_study_position_idx').on(t.study_pk, t.rpt_position),
    index('report_status_idx').on(t.rpt_status),
    // Statistics (issue 14): reports written / audited in a date range.
    index('report_datetime_idx').on(t.report_datetime),
    index('report_sh_datetime_idx').on(t.sh_datetime),
  ],
);

export const reportVersion = pgTable(
  'report_version',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    rpt_model_id: str('rpt_model_id'),
    rpt_position: smallint('rpt_position').notNull(),
    rpt_status: smallint('rpt_status').notNull(),
    save_user: str('save_user'),
    createtime: ts('createtime').notNull().defaultNow(),
    texts: jsonb('texts').notNull(),
    /** SHA-256 (hex) of the archived PDF of an audit's version; null until rendered (docs/report-products.md). */
    pdf_sha256: varchar('pdf_sha256', { length: 64 }),
  },
  (t) => [index('report_version_rpt_idx').on(t.rpt_pk)],
);

/** A report's text cached on the server before saving, one per report and user. */
export const reportDraft = pgTable(
  'report_draft',
  {
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    report_text1: text('report_text1').notNull().default(''),
    report_text2: text('report_text2').notNull().default(''),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rpt_pk, t.user_pk] })],
);

export const qualityRecord = pgTable(
  'quality_record',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    study_iuid: varchar('study_iuid', { length: 64 }).notNull(),
    image_quality: smallint('image_quality'),
    image_score: numeric('image_score', { precision: 5, scale: 2 }),
    image_remark: str('image_remark', 512),
    report_quality: smallint('report_quality'),
    report_score: numeric('report_score', { precision: 5, scale: 2 }),
    report_remark: str('report_remark', 512),
    modality: str('modality', 16),
    create_user: str('create_user'),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  // The report screen asks whether a study has a quality record on every open.
  (t) => [index('quality_record_study_idx').on(t.study_iuid, t.hospital_code)],
);

export const collection = pgTable(
  'collection',
  {
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    create_time: ts('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_pk, t.study_pk] })],
);
