import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Certificate sign-in challenges: single use (deleted when consumed), 5 minutes, bound to the caller
 * (login: a hash of the caller cookie; bind: the session user). Only the challenge's SHA-256 is stored.
 */
export const certChallenge = pgTable(
  'cert_challenge',
  {
    challenge_hash: varchar('challenge_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    caller: varchar('caller', { length: 80 }).notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('cert_challenge_expires_idx').on(t.expires_at)],
);
