import {
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  text,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

export const sysConfig = pgTable('sys_config', {
  pk: serial('pk').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  value: text('value').notNull().default(''),
  description: str('description', 256),
  type: str('type', 32),
  status: smallint('status').notNull().default(1),
});

export const dict = pgTable('dict', {
  pk: serial('pk').primaryKey(),
  parent_pk: integer('parent_pk'),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 128 }).notNull(),
  name_en: str('name_en', 128),
  value: str('value', 256),
  sort: integer('sort').notNull().default(0),
});

export const scanItem = pgTable('scan_item', {
  scanp_id: serial('scanp_id').primaryKey(),
  code: str('code'),
  description: varchar('description', { length: 64 }).notNull(),
  modality: varchar('modality', { length: 16 }).notNull(),
  cost: numeric('cost', { precision: 10, scale: 2 }).notNull().default('0'),
  other_price: numeric('other_price', { precision: 10, scale: 2 }),
  partnum: integer('partnum').notNull().default(1),
  coefficient: integer('coefficient').notNull().default(1),
  custom_code: str('custom_code'),
  hospital_code: str('hospital_code', 32),
  en: str('en', 128),
});

export const device = pgTable(
  'device',
  {
    pk: serial('pk').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    aet: varchar('aet', { length: 16 }).notNull(),
    modality: str('modality', 16),
    ip: varchar('ip', { length: 64 }).notNull(),
    port: integer('port').notNull(),
    hospital_code: str('hospital_code', 32),
    status: smallint('status').notNull().default(1),
  },
  // An AE title names one application entity on the DICOM network: one device per title.
  (t) => [uniqueIndex('device_aet_uq').on(t.aet)],
);

/**
 * A user's shortcut: the scan items they pick most for a modality, offered first in the body-part search
 * (POST /shortcut/save, /shortcut/find). One row per user and modality.
 */
export const shortcut = pgTable(
  'shortcut',
  {
    pk: serial('pk').primaryKey(),
    user_pk: integer('user_pk').notNull(),
    modality: varchar('modality', { length: 16 }).notNull(),
    scanp_ids: jsonb('scanp_ids').$type<number[]>().notNull().default([]),
    update_time: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortcut_user_modality_uq').on(t.user_pk, t.modality)],
);

export const app = pgTable('app', {
  pk: serial('pk').primaryKey(),
  app_name: varchar('app_name', { length: 64 }).notNull().unique(),
  client_id: varchar('client_id', { length: 64 }).notNull().unique(),
  client_secret: varchar('client_secret', { length: 128 }).notNull(),
  server_url: str('server_url', 512),
  remark: str('remark', 126),
  create_name: str('create_name'),
  create_time: ts('create_time').notNull().defaultNow(),
  update_name: str('update_name'),
  update_time: ts('update_time'),
  group_logo: str('group_logo', 512),
  group_favicon: str('group_favicon', 512),
});

/**
 * One row about the installation itself. `key_check` is a fixed text sealed with the secret key when the
 * first server started: a server whose key cannot open it would seal and open secrets no other one can read.
 */
export const installation = pgTable('installation', {
  id: smallint('id').primaryKey().default(1),
  key_check: text('key_check').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
