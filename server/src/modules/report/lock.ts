import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/permissions';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { study } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { fmt } from '../../lib/time';
import { studyInScope, type StudyRecord } from './repo';

/** A lock not renewed for this long is considered abandoned (a crashed browser). */
export const LOCK_STALE_MS = 30 * 60_000;

export function lockStateOf(s: StudyRecord, me: AuthUser) {
  const live = !!s.lock_user_pk && !!s.lock_time && Date.now() - s.lock_time.getTime() < LOCK_STALE_MS;
  return {
    lock_status: live ? s.lock_status : '',
    mine: live && s.lock_user_pk === me.pk,
    lock_time: live ? fmt(s.lock_time) : '',
  };
}

/**
 * Marks the study as held by the caller when it is free, already theirs, or abandoned. The lock shows
 * who is writing; it does not block others, whose writes the report versions keep apart.
 */
export async function lockStudy(db: Db, me: AuthUser, studyIuid: string) {
  const s = await studyInScope(db, me, studyIuid);
  const [row] = await db
    .update(study)
    .set({ lock_status: me.name, lock_user_pk: me.pk, lock_time: new Date() })
    .where(
      and(
        eq(study.pk, s.pk),
        or(
          isNull(study.lock_user_pk),
          eq(study.lock_user_pk, me.pk),
          lt(study.lock_time, new Date(Date.now() - LOCK_STALE_MS)),
        ),
      ),
    )
    .returning();
  return lockStateOf(row ?? s, me);
}

/** Releases the caller's own lock; someone else's needs patorder:closeRpts. */
export async function cleanLock(db: Db, me: AuthUser, studyIuid: string) {
  const s = await studyInScope(db, me, studyIuid);
  const held = lockStateOf(s, me);
  if (held.lock_status && !held.mine && !me.isSuper && !me.perms.has(PERMISSIONS.CLOSE_RPTS)) throw forbidden();
  const [row] = await db
    .update(study)
    .set({ lock_status: '', lock_user_pk: null, lock_time: null })
    .where(eq(study.pk, s.pk))
    .returning();
  return lockStateOf(row ?? s, me);
}
