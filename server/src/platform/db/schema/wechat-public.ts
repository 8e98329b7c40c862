import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's open id in their hospital's public account (docs/wechat.md "Public-account binding"): a public
 * account gives each person its own open id, unlike the sign-in open id in sys_user.openid, so it has its
 * own row. One open id binds at most one user of a hospital.
 */
export const wechatMpBind = pgTable(
  'wechat_mp_bind',
  {
    user_pk: integer('user_pk')
      .primaryKey()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    open_id: varchar('open_id', { length: 128 }).notNull(),
    bound_at: ts('bound_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_mp_bind_open_id_uq').on(t.hospital_code, t.open_id)],
);

/**
 * A temporary QR code (QR_STR_SCENE) that binds whoever scans it to one user. The scene is random, stored
 * hashed, single use and expires with the code.
 */
export const wechatMpScene = pgTable(
  'wechat_mp_scene',
  {
    scene_hash: varchar('scene_hash', { length: 64 }).primaryKey(),
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    ticket: varchar('ticket', { length: 256 }).notNull(),
    url: varchar('url', { length: 512 }).notNull().default(''),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('wechat_mp_scene_user_idx').on(t.user_pk), index('wechat_mp_scene_expires_idx').on(t.expires_at)],
);

/** Per hospital: the template message id of the report-ready notice ('' or no row: no notices). */
export const wechatMpNotice = pgTable('wechat_mp_notice', {
  hospital_code: varchar('hospital_code', { length: 32 }).primaryKey(),
  report_template_id: varchar('report_template_id', { length: 128 }).notNull().default(''),
});
