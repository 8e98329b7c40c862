import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { pwdError, sysUser } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { audit } from '../../platform/audit';
import { getConfigs } from '../../platform/config';
import { countFailure, deviceFailures } from './throttle';

export type FailureSource = 'login' | 'lock_screen' | 'password_change';

export interface FailureOutcome {
  /** Failures of the username in the password error list (the captcha is forced from 2). */
  count: number;
  /** Failures of the username from this address, or device (the lock screen ends its session at login_max_fails). */
  pairFails: number;
  /** Minutes this failure locked the account for (0: not locked). */
  lockedFor: number;
  maxFails: number;
}

/** "Try again in N s": a back-off, answered before any password is checked. */
export const tooManyAttempts = (seconds: number) =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts', { seconds }, undefined, {
    captcha: true,
    retry_after: seconds,
  });

async function countPwdError(db: Db, username: string): Promise<number> {
  const [row] = await db
    .insert(pwdError)
    .values({ username, count: 1, last_time: new Date() })
    .onConflictDoUpdate({
      target: pwdError.username,
      set: { count: sql`${pwdError.count} + 1`, last_time: new Date() },
    })
    .returning({ count: pwdError.count });
  return row?.count ?? 1;
}

/**
 * Everything a wrong password does, with the same queries whether the username exists or not: the password
 * error list, the throttle counts with their audit rows, and the hard lock, which only failures from one of
 * the account's devices reach (`device`: the hash of its credential, device.ts). Anyone else, wherever they
 * are, only slows down tries made without that credential.
 */
export async function registerFailure(
  db: Db,
  who: { username: string; userPk: number | null; ip: string; device: string | null },
  source: FailureSource,
): Promise<FailureOutcome> {
  const { username, userPk, ip, device } = who;
  const cfg = await getConfigs(db, ['login_max_fails', 'login_lock_minutes']);
  const maxFails = Number(cfg.login_max_fails) || 5;
  const count = await countPwdError(db, username);
  const { events } = await countFailure(db, username, ip, device);
  await audit(db, { user_pk: userPk, username, action: 'login_failed', ip, detail: { source } });
  for (const e of events.filter((x) => x.seconds > 0)) {
    await audit(db, { user_pk: userPk, username, action: 'login_throttled', ip, detail: { source, ...e } });
  }
  const knownFails = await deviceFailures(db, username);
  const pairFails = events.find((e) => e.scope === 'pair' || e.scope === 'device')?.fails ?? 0;
  if (!userPk || !device || knownFails < maxFails) return { count, pairFails, lockedFor: 0, maxFails };

  const minutes = Number(cfg.login_lock_minutes) || 30;
  await db
    .update(sysUser)
    .set({ locked_until: new Date(Date.now() + minutes * 60_000), lock_num: knownFails })
    .where(eq(sysUser.pk, userPk));
  await audit(db, {
    user_pk: userPk,
    username,
    action: 'account_locked',
    ip,
    detail: { source, known_failures: knownFails, minutes },
  });
  return { count, pairFails, lockedFor: minutes, maxFails };
}
