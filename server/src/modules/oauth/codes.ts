import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { AUTH_CODE_TTL_S } from '@shared/schemas/oauth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { oauthCode } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';

export interface CodeGrant {
  appPk: number;
  userPk: number;
  redirectUri: string;
  codeChallenge: string;
}

/** A new authorisation code: random, single use, AUTH_CODE_TTL_S seconds; only its SHA-256 is kept. */
export async function issueCode(db: DbOrTx, g: CodeGrant): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Codes a day old are of no further use (a replay later than that finds no tokens to end anyway).
  await db.delete(oauthCode).where(lt(oauthCode.expires_at, new Date(Date.now() - 86_400_000)));
  await db.insert(oauthCode).values({
    code_hash: sha256Hex(code),
    app_pk: g.appPk,
    user_pk: g.userPk,
    redirect_uri: g.redirectUri,
    code_challenge: g.codeChallenge,
    expires_at: new Date(Date.now() + AUTH_CODE_TTL_S * 1000),
  });
  return code;
}

/** The code's row, locked for its redemption. */
export async function lockedCode(tx: Tx, code: string) {
  const [row] = await tx
    .select()
    .from(oauthCode)
    .where(eq(oauthCode.code_hash, sha256Hex(code)))
    .for('update');
  return row;
}

export async function markUsed(tx: Tx, pk: number): Promise<void> {
  await tx.update(oauthCode).set({ used_at: new Date() }).where(eq(oauthCode.pk, pk));
}

/** RFC 7636 §4.6, S256: BASE64URL(SHA256(verifier)) equals the challenge (compared in constant time). */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const a = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
