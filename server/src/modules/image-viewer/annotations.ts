import { and, eq, sql } from 'drizzle-orm';
import type { ViewerAnnotation, ViewerAnnotations } from '@shared/schemas/image-viewer';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { viewerAnnotation } from '../../platform/db/schema';
import { visibleStudy } from '../images';

/** The caller's marks on a study they can see (404 outside their scope). */
export async function annotationsOf(db: Db, user: AuthUser, studyIuid: string): Promise<ViewerAnnotations> {
  const s = await visibleStudy(db, user, studyIuid);
  const [row] = await db
    .select({ annotations: viewerAnnotation.annotations, updated_at: viewerAnnotation.updated_at })
    .from(viewerAnnotation)
    .where(and(eq(viewerAnnotation.user_pk, user.pk), eq(viewerAnnotation.study_pk, s.pk)));
  return { annotations: row?.annotations ?? [], updated_at: row?.updated_at.toISOString() ?? null };
}

/**
 * Replaces the caller's marks on a study with these, in one statement (the viewer sends its whole set, so two
 * saves in flight leave one of them whole, never a mix); an empty set removes the row.
 */
export async function saveAnnotations(
  db: Db,
  user: AuthUser,
  studyIuid: string,
  annotations: ViewerAnnotation[],
): Promise<ViewerAnnotations> {
  const s = await visibleStudy(db, user, studyIuid);
  const mine = and(eq(viewerAnnotation.user_pk, user.pk), eq(viewerAnnotation.study_pk, s.pk));
  if (!annotations.length) {
    await db.delete(viewerAnnotation).where(mine);
    return { annotations: [], updated_at: null };
  }
  const [row] = await db
    .insert(viewerAnnotation)
    .values({ user_pk: user.pk, study_pk: s.pk, annotations })
    .onConflictDoUpdate({
      target: [viewerAnnotation.user_pk, viewerAnnotation.study_pk],
      set: { annotations, updated_at: sql`now()` },
    })
    .returning({ updated_at: viewerAnnotation.updated_at });
  return { annotations, updated_at: row!.updated_at.toISOString() };
}
