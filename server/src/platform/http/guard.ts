import type { Context, MiddlewareHandler } from 'hono';
import { isInstallationWide, type PermissionCode } from '@shared/permissions';
import type { AppEnv } from '../context';
import type { AuthUser } from '../core/auth-user';
import { AppError, forbidden } from '../core/errors';

export type Access = 'public' | 'session' | PermissionCode;

/** What a session whose password an administrator reset may do before changing it (as with an expired one). */
const MUST_CHANGE_ALLOWED = new Set(['/user/info', '/user/logout', '/user/refreshToken', '/user/updatePassword']);

/**
 * A single-purpose credential (AuthUser.onlyRequests) makes only the requests it names: the path, and in the
 * query and JSON body together exactly the named fields, each with its value (no other field, none twice).
 * Anything else, another report's included, is a 403. Read before the route's validator (the body is cached).
 */
async function assertNamedRequest(c: Context<AppEnv>, only: NonNullable<AuthUser['onlyRequests']>): Promise<void> {
  const want = only.get(c.req.path);
  if (!want) throw forbidden();
  let body: unknown = {};
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const text = await c.req.text();
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      throw forbidden();
    }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw forbidden();
  const given = [...new URL(c.req.url).searchParams.entries(), ...Object.entries(body)];
  const names = new Set(given.map(([k]) => k));
  const exact =
    names.size === given.length &&
    given.length === Object.keys(want).length &&
    given.every(([k, v]) => Object.hasOwn(want, k) && want[k] === v);
  if (!exact) throw forbidden();
}

/** Reads the token (`Authorization: <token>` or `Bearer <token>`), loads the session, then checks access. */
export function guard(access: Access): MiddlewareHandler<AppEnv>[] {
  if (access === 'public') return [];
  const check: MiddlewareHandler<AppEnv> = async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.replace(/^Bearer\s+/i, '').trim();
    const user = await c.var.deps.authenticate(token, c.req.path);
    c.set('user', user);
    if (user.onlyRequests) await assertNamedRequest(c, user.onlyRequests);
    if (user.mustChangePassword && !MUST_CHANGE_ALLOWED.has(c.req.path)) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'passwordMustChange');
    }
    if (access !== 'session' && !user.isSuper) {
      if (isInstallationWide(access)) throw forbidden('installationOnly');
      if (!user.perms.has(access)) throw forbidden();
    }
    await next();
  };
  return [check];
}

/**
 * Every route states who may call it: 'public', any signed-in 'session', or a permission code.
 * The access is enforced by middleware and written into the OpenAPI document as x-permission.
 */
export function access(a: Access) {
  return { middleware: guard(a), 'x-permission': a } as const;
}
