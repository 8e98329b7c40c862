import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { CERT_CHALLENGE_BYTES, CERT_CHALLENGE_TTL_SECONDS, type CertPurpose } from '@shared/schemas/cert';
import type { AppDeps } from '../../platform/context';
import { certChallenge } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';

export const clock = (deps: AppDeps): Date => deps.now?.() ?? new Date();

/** A new single-use challenge for this caller and purpose; expired ones are pruned on the way. */
export async function issueChallenge(deps: AppDeps, purpose: CertPurpose, caller: string) {
  const now = clock(deps);
  const challenge = randomBytes(CERT_CHALLENGE_BYTES).toString('base64');
  await deps.db.delete(certChallenge).where(lt(certChallenge.expires_at, now));
  await deps.db.insert(certChallenge).values({
    challenge_hash: sha256Hex(challenge),
    purpose,
    caller,
    expires_at: new Date(now.getTime() + CERT_CHALLENGE_TTL_SECONDS * 1000),
  });
  return { challenge, expires_in: CERT_CHALLENGE_TTL_SECONDS };
}

/**
 * Uses up a challenge: it must exist, be for this purpose and caller, and not be expired. The row is
 * deleted in the same statement that finds it, so two requests racing with one challenge cannot both win.
 */
export async function consumeChallenge(
  deps: AppDeps,
  challenge: string,
  purpose: CertPurpose,
  caller: string,
): Promise<void> {
  const [row] = await deps.db
    .delete(certChallenge)
    .where(
      and(
        eq(certChallenge.challenge_hash, sha256Hex(challenge)),
        eq(certChallenge.purpose, purpose),
        eq(certChallenge.caller, caller),
      ),
    )
    .returning({ expires_at: certChallenge.expires_at });
  if (!row || row.expires_at.getTime() <= clock(deps).getTime()) {
    throw new AppError(400, 'CHALLENGE_INVALID', 'certChallengeInvalid');
  }
}
