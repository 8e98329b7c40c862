import { statfs } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { CAPTCHA_AFTER_FAILURES, STRONG_PASSWORD_RE, SUPER_ADMIN_ROLE_PK, type Locale } from '@shared/constants';
import type { LoginResult, PasswordNotice } from '@shared/schemas/auth';
import { REG_STATE } from '@shared/schemas/registration';
import type { AppDeps } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { pwdError, sysUser } from '../../platform/db/schema';
import { aesDecrypt, DUMMY_HASH, verifyPassword } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey } from '../../platform/core/i18n';
import { fmt } from '../../platform/core/time';
import { audit } from '../../platform/audit';
import { getConfigs } from '../../platform/config';
import { outgrownEmbedded } from '../../platform/strain';
import { findUser } from './find-user';
import { toUser } from './to-user';
import { countMenus } from './access';
import { consumeCaptcha } from './captcha';
import { knownDeviceHash } from './device-credential';
import { registerFailure, tooManyAttempts } from './failure';
import { createSession } from './session';
import { recordSuccess, waitSeconds } from './throttle';

export interface LoginInput {
  username: string;
  password: string;
  captchaKey: string;
  inputCode: string;
  use_aes: boolean;
}
export interface ClientMeta {
  ip: string;
  userAgent: string;
  locale: Locale;
  /** The device credential the request carries (device.ts); none: judged by address, never hard-locking. */
  device?: string;
}

export async function failureCount(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ count: pwdError.count }).from(pwdError).where(eq(pwdError.username, username));
  return row?.count ?? 0;
}

export function lockedMinutes(lockedUntil: Date | null): number {
  if (!lockedUntil) return 0;
  const ms = lockedUntil.getTime() - Date.now();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

async function freeDiskGb(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return Math.round(((s.bavail * s.bsize) / 1024 ** 3) * 10) / 10;
  } catch {
    return null;
  }
}

export async function login(deps: AppDeps, input: LoginInput, meta: ClientMeta): Promise<LoginResult> {
  const { db } = deps;
  const cfg = await getConfigs(db, ['use_captcha', 'use_aes', 'aes_key', 'use_password_check']);
  let { username, password } = input;
  if (input.use_aes) {
    const u = aesDecrypt(username, cfg.aes_key);
    const p = aesDecrypt(password, cfg.aes_key);
    if (u === null || p === null) throw new AppError(400, 'VALIDATION', 'aesInvalid');
    username = u.trim();
    password = p;
  } else if (cfg.use_aes === 'Y') {
    throw new AppError(400, 'VALIDATION', 'aesInvalid');
  }
  if (!username || username.length > 64 || !password) throw new AppError(400, 'VALIDATION', 'badCredentials');
  if (cfg.use_password_check === 'Y' && !STRONG_PASSWORD_RE.test(password)) {
    throw new AppError(400, 'PASSWORD_POLICY', 'passwordPolicy');
  }

  const device = await knownDeviceHash(db, username, meta.device ?? '');
  const wait = await waitSeconds(db, username, meta.ip, device);
  if (wait) throw tooManyAttempts(wait);
  const failures = await failureCount(db, username);
  const captchaNeeded = cfg.use_captcha === 'Y' || failures >= CAPTCHA_AFTER_FAILURES;
  if (captchaNeeded) {
    if (!input.inputCode)
      throw new AppError(400, 'CAPTCHA_REQUIRED', 'captchaRequired', undefined, undefined, { captcha: true });
    if (!(await consumeCaptcha(db, input.captchaKey, input.inputCode))) {
      throw new AppError(400, 'CAPTCHA_WRONG', 'captchaWrong', undefined, undefined, { captcha: true });
    }
  }

  // Unknown, wrong and locked are one answer after the same work (the KDF runs for each), so neither the
  // message nor the time tells whether a username exists or is locked.
  const found = await findUser(db, { username });
  const passwordOk = await verifyPassword(password, found?.u.password_hash ?? DUMMY_HASH);
  if (!found || !passwordOk || lockedMinutes(found.u.locked_until)) {
    const who = { username, userPk: found?.u.pk ?? null, ip: meta.ip, device };
    const { count } = await registerFailure(db, who, 'login');
    throw new AppError(401, 'BAD_CREDENTIALS', 'signInFailed', undefined, undefined, {
      captcha: count >= CAPTCHA_AFTER_FAILURES,
    });
  }
  return completeSignIn(deps, found, meta);
}

export type FoundUser = NonNullable<Awaited<ReturnType<typeof findUser>>>;

const NOTICE_TEXT = {
  admin_reset: 'passwordResetNotice',
  expired: 'passwordExpired',
  expiring: 'passwordExpiring',
} as const satisfies Record<PasswordNotice['reason'], MessageKey>;

/** Why the user should change the password now, if at all: an administrator's reset outranks the expiry days. */
async function passwordNotice(db: Db, u: FoundUser['u']): Promise<PasswordNotice | null> {
  if (u.must_change_password === 1) return { reason: 'admin_reset', days: 0 };
  const cfg = await getConfigs(db, ['password_expire_days']);
  const expireDays = Number(cfg.password_expire_days) || 0;
  if (expireDays <= 0) return null;
  const age = Math.floor((Date.now() - u.update_password_time.getTime()) / 86_400_000);
  if (age >= expireDays) return { reason: 'expired', days: age };
  return expireDays - age <= 7 ? { reason: 'expiring', days: expireDays - age } : null;
}

/**
 * What every sign-in method does once it has identified the user (password or certificate): the account
 * rules (lock, status, at least one menu), clearing the failure count, the session and the login result.
 */
export async function completeSignIn(
  deps: AppDeps,
  found: FoundUser,
  meta: ClientMeta,
  method: 'password' | 'cert' | 'wechat' = 'password',
): Promise<LoginResult> {
  const { db } = deps;
  const u = found.u;
  const minutes = lockedMinutes(u.locked_until);
  if (minutes) throw new AppError(403, 'ACCOUNT_LOCKED', 'accountLocked', { minutes });
  // A self-registration (docs/registration.md) signs in once activated by mail and given a hospital and role.
  if (u.reg_state !== REG_STATE.none || u.role_pk === null) {
    const key = u.reg_state === REG_STATE.pendingActivation ? 'regNotActivated' : 'regAwaitingApproval';
    throw new AppError(403, 'REGISTRATION_PENDING', key);
  }
  if (u.status !== 1) throw new AppError(403, 'ACCOUNT_DISABLED', 'accountDisabled');
  const isSuper = u.role_pk === SUPER_ADMIN_ROLE_PK;
  if ((await countMenus(db, u.role_pk, isSuper)) === 0) throw new AppError(403, 'NO_MENU', 'noMenu');

  await db.delete(pwdError).where(eq(pwdError.username, u.username));
  await recordSuccess(db, u.username, meta.ip);
  if (u.lock_num || u.locked_until) {
    await db.update(sysUser).set({ lock_num: 0, locked_until: null }).where(eq(sysUser.pk, u.pk));
  }
  const { token, expiresIn } = await createSession(db, u.pk, deps.env.SESSION_TTL_MIN, meta);
  await audit(db, {
    user_pk: u.pk,
    username: u.username,
    action: 'login',
    ip: meta.ip,
    ...(method !== 'password' ? { detail: { method } } : {}),
  });

  const notice = await passwordNotice(db, u);
  return {
    token,
    expires_in: expiresIn,
    user: toUser(u, found.r, found.h, meta.locale),
    password_expire: notice?.reason === 'admin_reset' || notice?.reason === 'expired',
    password_expire_message: notice ? translate(meta.locale, NOTICE_TEXT[notice.reason], { days: notice.days }) : '',
    password_notice: notice,
    update_password_time: fmt(u.update_password_time),
    free_disk: u.role_pk === SUPER_ADMIN_ROLE_PK ? await freeDiskGb(deps.env.DATA_DIR) : null,
    db_strain: u.role_pk === SUPER_ADMIN_ROLE_PK ? outgrownEmbedded(deps) : null,
  };
}
