import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { auditLog } from '../../platform/db/schema';

/** The audit rows of a user for these actions, oldest first (the sign-in lock tests). */
export const auditRowsOf = (db: Db, username: string, actions: string[]) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.username, username), inArray(auditLog.action, actions)))
    .orderBy(auditLog.pk);
