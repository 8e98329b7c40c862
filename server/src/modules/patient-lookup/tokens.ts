import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { reportShare, SHARE_KIND } from '../../platform/db/schema';

/** Only this is stored: the token itself is answered once and never kept, logged or audited. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes as base64url (43 characters), the shape ShareTokenSchema accepts. */
export const newShareToken = () => randomBytes(32).toString('base64url');

type Kind = keyof typeof SHARE_KIND;

/** Stores a token of one study; answers the token and its row. */
export async function issueShareToken(
  db: DbOrTx,
  o: { kind: Kind; studyPk: number; ttlMs: number; createdBy?: number; now: Date },
) {
  const token = newShareToken();
  const [row] = await db
    .insert(reportShare)
    .values({
      token_hash: tokenHash(token),
      kind: SHARE_KIND[o.kind],
      study_pk: o.studyPk,
      created_by: o.createdBy ?? null,
      created_at: o.now,
      expires_at: new Date(o.now.getTime() + o.ttlMs),
    })
    .returning();
  return { token, row: row! };
}

/** The study a token opens now (not revoked, not expired), or null. */
export async function studyOfShareToken(db: Db, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ study_pk: reportShare.study_pk })
    .from(reportShare)
    .where(
      and(
        eq(reportShare.token_hash, tokenHash(token)),
        isNull(reportShare.revoked_at),
        gt(reportShare.expires_at, now),
      ),
    );
  return row?.study_pk ?? null;
}

/** Look-up tokens past their time are of no further use (links stay: their list and audit name them). */
export async function pruneLookupTokens(db: Db, now: Date): Promise<void> {
  await db.delete(reportShare).where(and(eq(reportShare.kind, SHARE_KIND.lookup), lt(reportShare.expires_at, now)));
}

/** Ends the look-up tokens still open for these exams (a new look-up's tokens replace them). */
export async function revokeLookupTokens(db: Db, studyPks: number[], now: Date): Promise<void> {
  if (!studyPks.length) return;
  await db
    .update(reportShare)
    .set({ revoked_at: now })
    .where(
      and(
        eq(reportShare.kind, SHARE_KIND.lookup),
        inArray(reportShare.study_pk, studyPks),
        isNull(reportShare.revoked_at),
      ),
    );
}
