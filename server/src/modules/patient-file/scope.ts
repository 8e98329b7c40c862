import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@shared/permissions';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { studyInScope, type StudyRecord } from '../report';

/**
 * The study a caller may reach, by the images' rule (not deleted, their hospital, their modalities); a
 * study they may not see answers 404 like an unknown one, so its existence is not told either.
 */
export async function studyFor(db: Db, user: AuthUser, studyIuid: string): Promise<StudyRecord> {
  try {
    return await studyInScope(db, user, studyIuid);
  } catch (err) {
    if (err instanceof AppError && err.status === 403) throw notFound();
    throw err;
  }
}

/** Attachments are read with patorder:patfile (the super administrator holds everything). */
export const mayReadAttachments = (user: Pick<AuthUser, 'isSuper' | 'perms'>) =>
  user.isSuper || user.perms.has(PERMISSIONS.PATFILE);

/** The study of a stored file, by the same rule (404 when the caller may not see it). */
export async function studyOfFile(db: Db, user: AuthUser, studyPk: number): Promise<StudyRecord> {
  const [row] = await db.select({ iuid: study.study_iuid }).from(study).where(eq(study.pk, studyPk));
  if (!row) throw notFound();
  return studyFor(db, user, row.iuid);
}
