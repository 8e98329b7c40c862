import { randomBytes } from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../../platform/db/client';
import { loginThrottle } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { DEVICE_KIND, isKnownDevice, KNOWN_MS } from './throttle';

/**
 * The device credential (docs/decisions.md, "Sign-in lock: device credential"): a random value in an
 * HttpOnly, SameSite=Strict cookie, set at each password sign-in; its hash is kept per account in
 * login_throttle (kind device). Failures count toward the hard lock only from a request carrying one of the
 * account's device credentials, and such a request is judged by that device's own failures alone.
 */
export const DEVICE_COOKIE = 'rx_device';
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** Devices remembered per account; signing in from one more forgets the one unused the longest. */
export const MAX_DEVICES = 10;

/** The device credential the request carries, as sent ('' when none or malformed). */
export function deviceTokenOf(c: Context): string {
  const token = getCookie(c, DEVICE_COOKIE) ?? '';
  return TOKEN_RE.test(token) ? token : '';
}

/** The hash of the request's device credential when it is one of the username's devices, else null. */
export async function knownDeviceHash(db: Db, username: string, token: string): Promise<string | null> {
  if (!token) return null;
  const hash = sha256Hex(token);
  return (await isKnownDevice(db, username, hash)) ? hash : null;
}

/**
 * After a password sign-in: the device is (stays) one of the account's, its failures restart. One value per
 * browser: the credential the request carried is kept (a shared ward PC is then a device of each account
 * that signs in on it), else a new one is made. Returns the value to set.
 */
export async function rememberDevice(db: Db, username: string, token: string): Promise<string> {
  const value = TOKEN_RE.test(token) ? token : randomBytes(32).toString('base64url');
  const now = new Date();
  const row = { kind: DEVICE_KIND, username, ip: sha256Hex(value) };
  await db
    .insert(loginThrottle)
    .values({ ...row, last_success: now })
    .onConflictDoUpdate({
      target: [loginThrottle.kind, loginThrottle.username, loginThrottle.ip],
      set: { fails: 0, blocked_until: null, last_success: now },
    });
  const kept = await db
    .select({ ip: loginThrottle.ip })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.kind, DEVICE_KIND), eq(loginThrottle.username, username)))
    .orderBy(desc(loginThrottle.last_success))
    .limit(MAX_DEVICES);
  await db.delete(loginThrottle).where(
    and(
      eq(loginThrottle.kind, DEVICE_KIND),
      eq(loginThrottle.username, username),
      notInArray(
        loginThrottle.ip,
        kept.map((k) => k.ip),
      ),
    ),
  );
  return value;
}

/** Sets the device cookie: the whole site (a proxy may mount the platform under a prefix), as long as a device is known. */
export function setDeviceCookie(c: Context, value: string, secure: boolean): void {
  setCookie(c, DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: Math.floor(KNOWN_MS / 1000),
  });
}
