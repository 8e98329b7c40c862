import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { collection, study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { assertHospital, hospitalScope } from '../../platform/hospital-scope';
import { findStudy } from '../order';

/** Removes studies (by study_iuid) from the caller's favourites; others' favourites and unknown ids are untouched. */
export async function removeManyFromCollection(db: Db, me: AuthUser, studyIuids: string[]): Promise<number> {
  const scope = await hospitalScope(db, me);
  const inScope = db
    .select({ pk: study.pk })
    .from(study)
    .where(
      and(inArray(study.study_iuid, studyIuids), scope.all ? undefined : eq(study.hospital_code, scope.code ?? '')),
    );
  const gone = await db
    .delete(collection)
    .where(and(eq(collection.user_pk, me.pk), inArray(collection.study_pk, inScope)))
    .returning({ study_pk: collection.study_pk });
  return gone.length;
}

async function studyInScope(db: Db, me: AuthUser, studyIuid: string) {
  const s = await findStudy(db, studyIuid);
  if (!s || s.is_del) throw notFound();
  assertHospital(me, s.hospital_code);
  return s;
}

export async function addToCollection(db: Db, me: AuthUser, studyIuid: string): Promise<void> {
  const s = await studyInScope(db, me, studyIuid);
  await db.insert(collection).values({ user_pk: me.pk, study_pk: s.pk }).onConflictDoNothing();
}

export async function removeFromCollection(db: Db, me: AuthUser, studyIuid: string): Promise<void> {
  const s = await studyInScope(db, me, studyIuid);
  await db.delete(collection).where(and(eq(collection.user_pk, me.pk), eq(collection.study_pk, s.pk)));
}
