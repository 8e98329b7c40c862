import { bigint, bigserial, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Third-party apps (spec entity app): OAuth clients. Only the SHA-256 of the secret is kept. */
export const sysApp = pgTable('sys_app', {
  pk: serial('pk').primaryKey(),
  app_name: varchar('app_name', { length: 64 }).notNull().unique(),
  client_id: varchar('client_id', { length: 64 }).notNull().unique(),
  client_secret_hash: varchar('client_secret_hash', { length: 64 }).notNull(),
  server_url: varchar('server_url', { length: 512 }).notNull().default(''),
  remark: varchar('remark', { length: 126 }).notNull().default(''),
  redirect_uris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  group_logo: varchar('group_logo', { length: 512 }).notNull().default(''),
  group_favicon: varchar('group_favicon', { length: 512 }).notNull().default(''),
  /**
   * The hospital whose orders the app places through FHIR (client credentials, docs/his.md); '' when it
   * places none (then the grant is refused).
   */
  order_hospital_code: varchar('order_hospital_code', { length: 32 }).notNull().default(''),
  create_name: varchar('create_name', { length: 64 }).notNull().default(''),
  create_time: ts('create_time').notNull().defaultNow(),
  update_name: varchar('update_name', { length: 64 }).notNull().default(''),
  update_time: ts('update_time').notNull().defaultNow(),
});

/** Authorisation codes: single use (used_at), short-lived, bound to client, redirect URI, PKCE challenge and user. */
export const oauthCode = pgTable(
  'oauth_code',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    code_hash: varchar('code_hash', { length: 64 }).notNull().unique(),
    app_pk: integer('app_pk')
      .notNull()
      .references(() => sysApp.pk, { onDelete: 'cascade' }),
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    redirect_uri: varchar('redirect_uri', { length: 512 }).notNull(),
    code_challenge: varchar('code_challenge', { length: 64 }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('oauth_code_expires_idx').on(t.expires_at)],
);

/** Access tokens: opaque, SHA-256 kept; code_pk ties them to their grant (a replayed code revokes them). */
export const oauthToken = pgTable(
  'oauth_token',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    app_pk: integer('app_pk')
      .notNull()
      .references(() => sysApp.pk, { onDelete: 'cascade' }),
    /** The user the token acts as; null for an app's own token (client credentials: orders, never a user's data). */
    user_pk: integer('user_pk').references(() => sysUser.pk, { onDelete: 'cascade' }),
    code_pk: bigint('code_pk', { mode: 'number' }),
    scope: varchar('scope', { length: 256 }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
  },
  (t) => [index('oauth_token_code_idx').on(t.code_pk), index('oauth_token_user_app_idx').on(t.user_pk, t.app_pk)],
);
