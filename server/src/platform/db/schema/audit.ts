import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Who did what: sign-ins, report transitions, administrative changes. Never holds report text or secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    user_pk: integer('user_pk'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 128 }).notNull().default(''),
    from_status: varchar('from_status', { length: 16 }),
    to_status: varchar('to_status', { length: 16 }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_time_idx').on(t.time), index('audit_log_target_idx').on(t.target)],
);
