import { bigserial, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Server-side sessions: only the SHA-256 of the token is stored, so a database leak gives no session. */
export const session = pgTable(
  'session',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    user_agent: varchar('user_agent', { length: 256 }).notNull().default(''),
  },
  (t) => [index('session_user_idx').on(t.user_pk)],
);

export const captcha = pgTable('captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 8 }).notNull(),
  expires_at: ts('expires_at').notNull(),
});

/** Failed sign-ins per username (the password error list). Cleared by a success or by an administrator. */
export const pwdError = pgTable('pwd_error', {
  username: varchar('username', { length: 64 }).primaryKey(),
  count: integer('count').notNull().default(0),
  last_time: ts('last_time').notNull().defaultNow(),
});

/**
 * Failed sign-ins counted per (username, address) (kind 0), per username from addresses it never signed in
 * from (kind 1, ip ''), and per address across usernames (kind 2, username ''), each with its back-off.
 * last_success on a kind-0 row makes that address one the account signs in from (a known address).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    kind: smallint('kind').notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    fails: integer('fails').notNull().default(0),
    last_fail: ts('last_fail'),
    blocked_until: ts('blocked_until'),
    last_success: ts('last_success'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.username, t.ip] }), index('login_throttle_last_fail_idx').on(t.last_fail)],
);
