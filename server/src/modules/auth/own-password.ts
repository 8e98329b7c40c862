import type { Db } from '../../platform/db/client';
import { verifyPassword } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';
import { audit } from '../../platform/audit';
import { knownDeviceHash } from './device-credential';
import { registerFailure, tooManyAttempts, type FailureSource } from './failure';
import { lockedMinutes } from './login';
import { revokeSession } from './session';
import { waitSeconds } from './throttle';

export interface OwnPasswordCaller {
  user: { pk: number; username: string; password_hash: string; locked_until: Date | null };
  sessionPk: number;
  ip: string;
  /** The request's device credential (device.ts), '' when none. */
  device: string;
}

/**
 * The signed-in user's password (lock screen, password change). A wrong one counts like a failed sign-in
 * from the caller's address (device); at login_max_fails from there the session ends, so whoever holds it
 * cannot keep guessing, while the account is locked only when the request carries one of its devices.
 */
export async function checkOwnPassword(
  db: Db,
  caller: OwnPasswordCaller,
  password: string,
  source: FailureSource,
): Promise<void> {
  const { user, ip } = caller;
  const device = await knownDeviceHash(db, user.username, caller.device);
  const wait = await waitSeconds(db, user.username, ip, device);
  if (wait) throw tooManyAttempts(wait);
  const minutes = lockedMinutes(user.locked_until);
  if (minutes) throw new AppError(403, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
  if (await verifyPassword(password, user.password_hash)) return;

  const out = await registerFailure(db, { username: user.username, userPk: user.pk, ip, device }, source);
  if (out.lockedFor || out.pairFails >= out.maxFails) {
    await revokeSession(db, caller.sessionPk);
    await audit(db, { user_pk: user.pk, username: user.username, action: 'session_ended', ip, detail: { source } });
    if (out.lockedFor) throw new AppError(403, 'ACCOUNT_LOCKED', 'accountLocked', { minutes: out.lockedFor });
    throw new AppError(401, 'UNAUTHORIZED', 'lockScreenSignedOut');
  }
  throw new AppError(400, 'BAD_CREDENTIALS', 'passwordWrong');
}
