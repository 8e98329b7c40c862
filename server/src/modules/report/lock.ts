import { and, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { LOCK_STALE_MS } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { preparedPerDb } from '../../platform/db/prepared';
import { session, study } from '../../platform/db/schema';
import { forbidden } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { studyInScope, type StudyRecord } from './repo';

const FREE = { lock_status: '', lock_user_pk: null, lock_session_pk: null, lock_time: null } as const;

/** The holder's session still lets them in: not signed out, revoked or expired. */
const liveSession = (sessionPk: typeof study.lock_session_pk | number) =>
  and(eq(session.pk, sessionPk), isNull(session.revoked_at), gt(session.expires_at, sql`now()`));

async function holderSignedIn(db: Db, s: StudyRecord): Promise<boolean> {
  if (s.lock_session_pk === null) return true; // a lock from before locks were tied to sessions: staleness decides
  const [row] = await db.select({ pk: session.pk }).from(session).where(liveSession(s.lock_session_pk)).limit(1);
  return !!row;
}

/** Held by someone, and taken or renewed within the staleness limit. */
const lockFresh = (s: StudyRecord) =>
  !!s.lock_user_pk && !!s.lock_time && Date.now() - s.lock_time.getTime() < LOCK_STALE_MS;

/**
 * Who holds the study: the lock counts while it is fresh and its holder's session lives, so signing out
 * (or a session running out) frees the studies that session held even when no page said so.
 */
export async function lockState(db: Db, s: StudyRecord, me: AuthUser) {
  const othersFresh = lockFresh(s) && s.lock_user_pk !== me.pk;
  return lockView(s, me, othersFresh ? await holderSignedIn(db, s) : true);
}

/** `lockState` when the caller already knows whether the holder's session lives (`holderLive`). */
export function lockView(s: StudyRecord, me: AuthUser, holderLive: boolean) {
  const live = lockFresh(s) && (s.lock_user_pk === me.pk || holderLive);
  return {
    lock_status: live ? s.lock_status : '',
    mine: live && s.lock_user_pk === me.pk,
    lock_time: live && s.lock_time ? fmt(s.lock_time) : '',
  };
}

/** SQL: the study's lock holder's session lives (true for a lock from before locks had sessions). */
export const holderLiveSql = sql<boolean>`(${study.lock_session_pk} is null or exists (select 1 from ${session} where ${liveSession(study.lock_session_pk)}))`;

/**
 * Marks the study as held by the caller when it is free, already theirs, abandoned, or held by a session that
 * has ended. The lock shows who is writing; it does not block others, whose writes the report versions keep apart.
 */
export async function lockStudy(db: Db, me: AuthUser, studyIuid: string) {
  const s = await studyInScope(db, me, studyIuid);
  const now = Date.now();
  const [row] = await takeLock(db).execute({
    studyPk: s.pk,
    name: me.name,
    userPk: me.pk,
    sessionPk: me.sessionPk,
    now: new Date(now).toISOString(),
    staleBefore: new Date(now - LOCK_STALE_MS).toISOString(),
  });
  // Not taken: someone else holds it, fresh, with a live session (what the statement's condition says).
  return lockView(row ?? s, me, true);
}

const at = (name: string) => sql<Date>`${sql.placeholder(name)}`;

/** Takes the study's lock when it is free, the caller's, stale, or its holder's session has ended. */
const takeLock = preparedPerDb((db) =>
  db
    .update(study)
    .set({
      lock_status: sql`${sql.placeholder('name')}`,
      lock_user_pk: sql`${sql.placeholder('userPk')}`,
      lock_session_pk: sql`${sql.placeholder('sessionPk')}`,
      lock_time: at('now'),
    })
    .where(
      and(
        eq(study.pk, sql.placeholder('studyPk')),
        or(
          isNull(study.lock_user_pk),
          eq(study.lock_user_pk, sql.placeholder('userPk')),
          lt(study.lock_time, at('staleBefore')),
          and(
            isNotNull(study.lock_session_pk),
            notExists(db.select({ pk: session.pk }).from(session).where(liveSession(study.lock_session_pk))),
          ),
        ),
      ),
    )
    .returning()
    .prepare('rx_lock_study'),
);

/** Releases the caller's own lock; someone else's live lock needs patorder:closeRpts. */
export async function cleanLock(db: Db, me: AuthUser, studyIuid: string) {
  const s = await studyInScope(db, me, studyIuid);
  const held = await lockState(db, s, me);
  if (held.lock_status && !held.mine && !me.isSuper && !me.perms.has(PERMISSIONS.CLOSE_RPTS)) throw forbidden();
  const [row] = await freeLock(db).execute({ studyPk: s.pk });
  return lockState(db, row ?? s, me);
}

const freeLock = preparedPerDb((db) =>
  db
    .update(study)
    .set(FREE)
    .where(eq(study.pk, sql.placeholder('studyPk')))
    .returning()
    .prepare('rx_free_lock'),
);

/** Frees every study a session holds (sign-out), or that a user holds (all their sessions revoked). */
export async function releaseLocks(db: Db, holder: { sessionPk: number } | { userPk: number }): Promise<void> {
  const where =
    'sessionPk' in holder ? eq(study.lock_session_pk, holder.sessionPk) : eq(study.lock_user_pk, holder.userPk);
  await db.update(study).set(FREE).where(where);
}
