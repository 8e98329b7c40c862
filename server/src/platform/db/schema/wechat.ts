import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Messaging-platform (WeChat) accounts (docs/wechat.md). kind 'web': the platform-wide website app of QR
 * sign-in and binding (hospital_code ''); kind 'mp': a hospital's public account. Secrets are sealed with
 * lib/secret-box (AES-256-GCM) and never answered back; the cached access token is sealed too.
 */
export const wechatAccount = pgTable(
  'wechat_account',
  {
    pk: serial('pk').primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull().default(''),
    app_id: varchar('app_id', { length: 64 }).notNull().default(''),
    app_secret_enc: text('app_secret_enc').notNull().default(''),
    /** Event-push signature token (public account). */
    token: varchar('token', { length: 64 }).notNull().default(''),
    /** EncodingAESKey (43 characters) for encrypted push, sealed; '' when not used. */
    encoding_aes_key_enc: text('encoding_aes_key_enc').notNull().default(''),
    callback_url: varchar('callback_url', { length: 512 }).notNull().default(''),
    access_token_enc: text('access_token_enc').notNull().default(''),
    access_token_expires_at: ts('access_token_expires_at'),
    update_name: varchar('update_name', { length: 64 }).notNull().default(''),
    update_time: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_account_kind_hospital_uq').on(t.kind, t.hospital_code)],
);

/**
 * One QR sign-in or bind attempt: `state` (hashed) is single use, short-lived and bound to the browser that
 * started it (hash of an HttpOnly cookie). The callback fills open_id...; /authorize/finish uses it up.
 */
export const wechatLoginState = pgTable(
  'wechat_login_state',
  {
    state_hash: varchar('state_hash', { length: 64 }).primaryKey(),
    type: varchar('type', { length: 8 }).notNull(),
    browser_hash: varchar('browser_hash', { length: 64 }).notNull(),
    /** The signed-in user a bind belongs to. */
    user_pk: integer('user_pk').references(() => sysUser.pk, { onDelete: 'cascade' }),
    expires_at: ts('expires_at').notNull(),
    open_id: varchar('open_id', { length: 128 }).notNull().default(''),
    nickname: varchar('nickname', { length: 128 }).notNull().default(''),
    head_photo: varchar('head_photo', { length: 512 }).notNull().default(''),
    called_back_at: ts('called_back_at'),
  },
  (t) => [
    index('wechat_login_state_expires_idx').on(t.expires_at),
    index('wechat_login_state_browser_idx').on(t.browser_hash),
  ],
);
