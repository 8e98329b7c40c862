import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sha256Hex } from '../../platform/core/crypto';

/**
 * Who a challenge belongs to. Before sign-in there is no session, so the caller is a random id in an
 * HttpOnly, SameSite=Strict cookie scoped to /cert: a challenge issued to one browser is useless in another.
 */
const COOKIE = 'rx_cert_caller';
const COOKIE_MAX_AGE_S = 24 * 60 * 60;
const ID_RE = /^[A-Za-z0-9_-]{43}$/;

/** The caller id of a sign-in request, or null when the cookie is missing or malformed. */
export function loginCaller(c: Context): string | null {
  const id = getCookie(c, COOKIE);
  return id && ID_RE.test(id) ? `c:${sha256Hex(id)}` : null;
}

/** The caller id for a new sign-in challenge, setting the cookie when it is missing. */
export function ensureLoginCaller(c: Context, origin: string): string {
  let id = getCookie(c, COOKIE);
  if (!id || !ID_RE.test(id)) id = randomBytes(32).toString('base64url');
  setCookie(c, COOKIE, id, {
    path: '/cert',
    httpOnly: true,
    sameSite: 'Strict',
    secure: origin.startsWith('https:'),
    maxAge: COOKIE_MAX_AGE_S,
  });
  return `c:${sha256Hex(id)}`;
}

/** A bind challenge belongs to the session that asked for it. */
export const sessionCaller = (sessionPk: number) => `s:${sessionPk}`;
