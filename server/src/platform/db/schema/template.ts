import {
  boolean,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/**
 * The A4 layout a report is rendered on. Chosen by hospital and modality, falling back to the
 * hospital's default (modality ''), then the installation's default (hospital_code '').
 */
export const layoutTemplate = pgTable(
  'layout_template',
  {
    pk: serial('pk').primaryKey(),
    hospital_code: str('hospital_code', 32),
    modality: str('modality', 16),
    /** 'report': a report's page; 'apply': an application form (/printApply). */
    kind: varchar('kind', { length: 8 }).notNull().default('report'),
    name: varchar('name', { length: 64 }).notNull(),
    elements: jsonb('elements').notNull(),
    /**
     * The number of its latest row in layout_version (the one `elements` holds); 0 while the layout was never
     * activated (then `elements` is its draft and no report uses it).
     */
    version: integer('version').notNull().default(1),
    /** Reports use it: false for a new or imported layout until it is activated. */
    active: boolean('active').notNull().default(true),
    /**
     * Changes saved but not yet activated ({hospital_code, modality, kind, name, elements, saved_by, saved_at}):
     * reports keep the live columns until activation.
     */
    draft: jsonb('draft'),
    create_time: ts('create_time').notNull().defaultNow(),
    update_time: ts('update_time').notNull().defaultNow(),
    /** Set when the layout is withdrawn: reports audited before still render with it. */
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('layout_template_lookup_idx').on(t.hospital_code, t.modality),
    // One name per hospital (and one among the installation's own): chosen from a list by name.
    uniqueIndex('layout_template_name_uq')
      .on(t.hospital_code, t.name)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/**
 * Every saved state of a layout, never changed or removed: an audited report renders with the layout
 * versions that stood when it was audited (`sh_datetime`), so changing or adding a layout later never
 * changes how an audited report looks.
 */
export const layoutVersion = pgTable(
  'layout_version',
  {
    pk: serial('pk').primaryKey(),
    layout_pk: integer('layout_pk')
      .notNull()
      .references(() => layoutTemplate.pk),
    version: integer('version').notNull(),
    /** Where the layout stood in this version (the choice by hospital and modality is made as of a time). */
    hospital_code: str('hospital_code', 32),
    modality: str('modality', 16),
    kind: varchar('kind', { length: 8 }).notNull().default('report'),
    name: varchar('name', { length: 64 }).notNull(),
    elements: jsonb('elements').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: str('created_by'),
  },
  (t) => [
    uniqueIndex('layout_version_layout_idx').on(t.layout_pk, t.version),
    index('layout_version_lookup_idx').on(t.hospital_code, t.modality, t.created_at),
  ],
);

/** Knowledge (wording) templates: folders and leaves with findings (sj) and opinion (yj). */
export const knowledgeNode = pgTable(
  'knowledge_node',
  {
    pk: serial('pk').primaryKey(),
    parent: integer('parent'),
    label: varchar('label', { length: 128 }).notNull(),
    isleaf: boolean('isleaf').notNull(),
    ishtml: boolean('ishtml').notNull().default(false),
    /** 'public' or 'user' */
    type: varchar('type', { length: 8 }).notNull(),
    /** Owner's uuid for type 'user'. */
    uuid: str('uuid', 64),
    sj: text('sj').notNull().default(''),
    yj: text('yj').notNull().default(''),
    study_style: str('study_style'),
    region_pk: integer('region_pk'),
    hospital_code: str('hospital_code', 32),
    modality: str('modality', 16),
    used: integer('used').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('knowledge_node_owner_idx').on(t.type, t.uuid), index('knowledge_node_parent_idx').on(t.parent)],
);

/** Content check rules run on save and audit (unless the client resends with RemoveCheck). */
export const contentRule = pgTable('content_rule', {
  pk: serial('pk').primaryKey(),
  /** 'pair': word_a in findings with word_b in opinion; 'sex': word_a in either text for patient_sex. */
  kind: varchar('kind', { length: 8 }).notNull(),
  word_a: varchar('word_a', { length: 32 }).notNull(),
  word_b: str('word_b', 32),
  sex: str('sex', 1),
  feature: varchar('feature', { length: 128 }).notNull(),
  feature_en: str('feature_en', 128),
  status: smallint('status').notNull().default(1),
});
