import { timingSafeEqual } from 'node:crypto';
import { ACTIVATION_TTL_HOURS } from '@shared/schemas/registration';
import type { DbOrTx } from '../../platform/db/client';
import { userActivation } from '../../platform/db/schema';
import { newToken, sha256Hex } from '../../platform/core/crypto';

/** A new activation link token for the user (replacing an earlier one): the token, its SHA-256 stored. */
export async function issueActivation(
  tx: DbOrTx,
  user: { pk: number; prefix: string; mobile: string },
  now: Date,
): Promise<string> {
  const token = newToken();
  const values = {
    token_hash: sha256Hex(token),
    expires_at: new Date(now.getTime() + ACTIVATION_TTL_HOURS * 3600_000),
    used_at: null,
    created_at: now,
  };
  await tx
    .insert(userActivation)
    .values({ user_pk: user.pk, prefix: user.prefix, mobile: user.mobile, ...values })
    .onConflictDoUpdate({ target: userActivation.user_pk, set: values });
  return token;
}

/** The stored hash matches the token (constant time). */
export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(sha256Hex(token));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The web page that activates: hash routing under /rxpacs/; the token stays in the fragment (no access log). */
export const activationLink = (origin: string, token: string) =>
  `${origin}/rxpacs/#/user/activate?token=${encodeURIComponent(token)}`;
