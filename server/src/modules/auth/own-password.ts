import type { Db } from '../../db/client';
import { verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/service';
import { registerFailure, tooManyAttempts, type FailureSource } from './failure';
import { lockedMinutes } from './login';
import { revokeSession } from './session';
import { waitSeconds } from './throttle';

export interface OwnPasswordCaller {
  user: { pk: number; username: string; password_hash: string; locked_until: Date | null };
  sessionPk: number;
  ip: string;
}

/**
 * The signed-in user's password (lock screen, password change). A wrong one counts like a failed sign-in
 * from the caller's address; at login_max_fails from that address the session ends, so whoever holds it
 * cannot keep guessing, while the account is locked only when the address is one it signs in from.
 */
export async function checkOwnPassword(
  db: Db,
  caller: OwnPasswordCaller,
  password: string,
  source: FailureSource,
): Promise<void> {
  const { user, ip } = caller;
  const wait = await waitSeconds(db, user.username, ip);
  if (wait) throw tooManyAttempts(wait);
  const minutes = lockedMinutes(user.locked_until);
  if (minutes) throw new AppError(403, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
  if (await verifyPassword(password, user.password_hash)) return;

  const out = await registerFailure(db, { username: user.username, userPk: user.pk, ip }, source);
  if (out.lockedFor || out.pairFails >= out.maxFails) {
    await revokeSession(db, caller.sessionPk);
    await audit(db, { user_pk: user.pk, username: user.username, action: 'session_ended', ip, detail: { source } });
    if (out.lockedFor) throw new AppError(403, 'ACCOUNT_LOCKED', 'accountLocked', { minutes: out.lockedFor });
    throw new AppError(401, 'UNAUTHORIZED', 'lockScreenSignedOut');
  }
  throw new AppError(400, 'BAD_CREDENTIALS', 'passwordWrong');
}
