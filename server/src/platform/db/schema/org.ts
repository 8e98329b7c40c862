import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const hospital = pgTable('hospital', {
  pk: serial('pk').primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull().unique(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  address: varchar('address', { length: 256 }).notNull().default(''),
  note: varchar('note', { length: 512 }).notNull().default(''),
  title1: varchar('title1', { length: 128 }).notNull().default(''),
  title2: varchar('title2', { length: 128 }).notNull().default(''),
  logo: varchar('logo', { length: 512 }).notNull().default(''),
  sign: varchar('sign', { length: 512 }).notNull().default(''),
  region: varchar('region', { length: 64 }).notNull().default(''),
  is_return: smallint('is_return').notNull().default(0),
  accept_wx_msg: smallint('accept_wx_msg').notNull().default(0),
  use_obs: smallint('use_obs').notNull().default(0),
  use_obs_download: smallint('use_obs_download').notNull().default(0),
  show_parts: smallint('show_parts').notNull().default(0),
  head: varchar('head', { length: 512 }).notNull().default(''),
  download_limit: integer('download_limit').notNull().default(0),
  /** 0 no check, 1 phone check, 2 code check */
  qrcode_type: smallint('qrcode_type').notNull().default(0),
  /** Electronic signature of audits with the auditor's USB key: 0 off, 1 optional, 2 required (docs/report-signature.md). */
  esign: smallint('esign').notNull().default(0),
});

export const role = pgTable('role', {
  pk: serial('pk').primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  name_en: varchar('name_en', { length: 64 }).notNull().default(''),
  note: varchar('note', { length: 256 }).notNull().default(''),
  /** The hospital whose role it is (its administrator manages it; it holds no installation-wide code); null: shared by every hospital, the super administrator's. */
  hospital_code: varchar('hospital_code', { length: 32 }),
});

/** Menus and action permissions in one tree. menu_type 0 folder, 1 page, 2 action. status '0' active. */
export const permission = pgTable('permission', {
  pk: serial('pk').primaryKey(),
  parent_pk: integer('parent_pk'),
  key: varchar('key', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  name_en: varchar('name_en', { length: 64 }).notNull(),
  path: varchar('path', { length: 128 }).notNull().default(''),
  icon: varchar('icon', { length: 64 }).notNull().default(''),
  perms: varchar('perms', { length: 128 }).notNull().default(''),
  menu_type: smallint('menu_type').notNull(),
  sort: integer('sort').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
});

export const rolePermission = pgTable(
  'role_permission',
  {
    role_pk: integer('role_pk')
      .notNull()
      .references(() => role.pk, { onDelete: 'cascade' }),
    permission_pk: integer('permission_pk')
      .notNull()
      .references(() => permission.pk, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_pk, t.permission_pk] })],
);

export const sysUser = pgTable(
  'sys_user',
  {
    pk: serial('pk').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    openid: varchar('openid', { length: 128 }).notNull().default(''),
    username: varchar('username', { length: 64 }).notNull().unique(),
    password_hash: varchar('password_hash', { length: 256 }).notNull(),
    ch_name: varchar('ch_name', { length: 64 }).notNull().default(''),
    en_name: varchar('en_name', { length: 64 }).notNull().default(''),
    gender: varchar('gender', { length: 8 }).notNull().default(''),
    birthday: varchar('birthday', { length: 10 }).notNull().default(''),
    id_number: varchar('id_number', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    department: varchar('department', { length: 64 }).notNull().default(''),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull().default(''),
    /** Null only for a self-registration an administrator has not yet given a role (reg_state 1 or 2). */
    role_pk: integer('role_pk').references(() => role.pk),
    /** 1 active, 0 disabled */
    status: smallint('status').notNull().default(1),
    sign: varchar('sign', { length: 512 }).notNull().default(''),
    head_photo: varchar('head_photo', { length: 512 }).notNull().default(''),
    region: varchar('region', { length: 64 }).notNull().default(''),
    lock_num: integer('lock_num').notNull().default(0),
    locked_until: ts('locked_until'),
    usb_key: varchar('usb_key', { length: 256 }).notNull().default(''),
    bind_rpt_doctor: varchar('bind_rpt_doctor', { length: 64 }).notNull().default(''),
    bind_sh_doctor: varchar('bind_sh_doctor', { length: 64 }).notNull().default(''),
    data1: jsonb('data1').notNull().default({}),
    data2: jsonb('data2').$type<string[]>().notNull().default([]),
    layout: jsonb('layout').notNull().default({}),
    update_password_time: ts('update_password_time').notNull().defaultNow(),
    /** 1 after an administrator's password reset: the one-time password must be changed at the next sign-in. */
    must_change_password: smallint('must_change_password').notNull().default(0),
    create_time: ts('create_time').notNull().defaultNow(),
    /** Self-registration (docs/registration.md): 0 a regular account, 1 waiting for the mail link, 2 for an administrator. */
    reg_state: smallint('reg_state').notNull().default(0),
  },
  (t) => [
    index('sys_user_hospital_idx').on(t.hospital_code),
    // One certificate (its SHA-256 fingerprint) belongs to at most one user; '' means none bound.
    uniqueIndex('sys_user_usb_key_uq')
      .on(t.usb_key)
      .where(sql`${t.usb_key} <> ''`),
    // One messaging-app open id (QR sign-in, docs/wechat.md) belongs to at most one user; '' means none bound.
    uniqueIndex('sys_user_openid_uq')
      .on(t.openid)
      .where(sql`${t.openid} <> ''`),
  ],
);

/** Regions (the spec's groups, /group/GroupTree): a tree; users and hospitals hold a region's pk as text. */
export const region = pgTable('region', {
  pk: serial('pk').primaryKey(),
  parent_pk: integer('parent_pk'),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  name_en: varchar('name_en', { length: 64 }).notNull().default(''),
  note: varchar('note', { length: 256 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A user's avatar (jpg or png, at most 512 KiB), base64; sys_user.head_photo holds the address it is served at. */
export const userAvatar = pgTable('user_avatar', {
  user_pk: integer('user_pk')
    .primaryKey()
    .references(() => sysUser.pk, { onDelete: 'cascade' }),
  mime: varchar('mime', { length: 32 }).notNull(),
  data: text('data').notNull(),
  update_time: ts('update_time').notNull().defaultNow(),
});
