import { index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from './org';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The activation link of a self-registered account: only the SHA-256 of its token; a new mail replaces it. */
export const userActivation = pgTable('user_activation', {
  user_pk: integer('user_pk')
    .primaryKey()
    .references(() => sysUser.pk, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
  prefix: varchar('prefix', { length: 4 }).notNull(),
  mobile: varchar('mobile', { length: 16 }).notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** The SMS code of a registration, per number (prefix + mobile): SHA-256 of number and code, tries counted. */
export const registerSmsCode = pgTable(
  'register_sms_code',
  {
    number: varchar('number', { length: 20 }).primaryKey(),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    sent_at: ts('sent_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    tries: smallint('tries').notNull().default(0),
  },
  (t) => [index('register_sms_code_expires_idx').on(t.expires_at)],
);
