import { CAPTCHA_AFTER_FAILURES, LOW_DISK_GB, LOW_DISK_THROTTLE_MS } from '@shared/constants';
import type { LoginResult } from '@shared/schemas/auth';
import { readJson, STORAGE_KEYS, writeJson } from '@web/lib/storage-keys';

/** The local failed-sign-in counter of this browser (spec: from 2 failures the captcha is forced). */
export const loginFailures = () => Number(localStorage.getItem(STORAGE_KEYS.loginFailures) ?? 0) || 0;

export function countLoginFailure(): number {
  const n = loginFailures() + 1;
  localStorage.setItem(STORAGE_KEYS.loginFailures, String(n));
  return n;
}

export const captchaForcedLocally = () => loginFailures() >= CAPTCHA_AFTER_FAILURES;

export interface PasswordExpiry {
  password_expire: boolean;
  password_expire_message: string;
  update_password_time: string;
}

export const passwordExpiryOf = (username: string): PasswordExpiry | undefined =>
  readJson<Record<string, PasswordExpiry>>(localStorage, STORAGE_KEYS.passwordExpiry, {})[username];

/** Whether a warning remembered under `key` is due again (at most every LOW_DISK_THROTTLE_MS), noting it if so. */
function warnDue(key: string, show: boolean, now: number): boolean {
  const last = Number(localStorage.getItem(key) ?? 0) || 0;
  const due = show && now - last > LOW_DISK_THROTTLE_MS;
  if (due) localStorage.setItem(key, String(now));
  return due;
}

/**
 * What a successful sign-in leaves behind: the failure counter and the remembered worklist search are
 * cleared, password-expiry info is stored per username. Returns which of the super administrator's
 * warnings are due (low disk, the embedded database outgrown), each at most every few hours.
 */
export function rememberLogin(r: LoginResult, now = Date.now()): { lowDisk: boolean; dbStrain: boolean } {
  localStorage.removeItem(STORAGE_KEYS.loginFailures);
  sessionStorage.removeItem(STORAGE_KEYS.worklistSearch);
  if (r.update_password_time || r.password_expire_message) {
    const all = readJson<Record<string, PasswordExpiry>>(localStorage, STORAGE_KEYS.passwordExpiry, {});
    all[r.user.username] = {
      password_expire: r.password_expire,
      password_expire_message: r.password_expire_message,
      update_password_time: r.update_password_time,
    };
    writeJson(localStorage, STORAGE_KEYS.passwordExpiry, all);
  }
  return {
    lowDisk: warnDue(STORAGE_KEYS.lowDiskWarnedAt, r.free_disk !== null && r.free_disk < LOW_DISK_GB, now),
    dbStrain: warnDue(STORAGE_KEYS.dbStrainWarnedAt, r.db_strain !== null, now),
  };
}

/** A random captcha key (8-64 of [A-Za-z0-9_-]); a new one fetches a new image. */
export function newCaptchaKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Only in-app paths are followed after sign-in (no open redirect, not back to the login or lock screen). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || /^\/(user\/login|lock)\b/.test(target)) {
    return '/orderList';
  }
  return target;
}
