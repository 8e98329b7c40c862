import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { session, viewerToken } from '../../platform/db/schema';

/** A viewer window's token lives this long; the window asks for a new one when it runs out. */
export const VIEWER_TOKEN_TTL_S = 600;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token for one study, bound to the asking session (it dies with it). Clears expired ones on the way. */
export async function issueViewerToken(db: Db, sessionPk: number, studyPk: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(viewerToken).where(lt(viewerToken.expires_at, now));
  await db.insert(viewerToken).values({
    token_hash: hashOf(token),
    session_pk: sessionPk,
    study_pk: studyPk,
    expires_at: new Date(now.getTime() + VIEWER_TOKEN_TTL_S * 1000),
  });
  return { token, expires_in: VIEWER_TOKEN_TTL_S };
}

/** The study a token opens, or null (unknown, expired, or its session ended). */
export async function studyOfViewerToken(db: Db, token: string, now = new Date()): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const [row] = await db
    .select({ study_pk: viewerToken.study_pk })
    .from(viewerToken)
    .innerJoin(session, eq(session.pk, viewerToken.session_pk))
    .where(
      and(
        eq(viewerToken.token_hash, hashOf(token)),
        gt(viewerToken.expires_at, now),
        isNull(session.revoked_at),
        gt(session.expires_at, now),
      ),
    );
  return row?.study_pk ?? null;
}
