import type { MiddlewareHandler } from 'hono';
import { isInstallationWide, type PermissionCode } from '@shared/permissions';
import type { AppEnv } from '../context';
import { AppError, forbidden } from '../core/errors';

export type Access = 'public' | 'session' | PermissionCode;

/** What a session whose password an administrator reset may do before changing it (as with an expired one). */
const MUST_CHANGE_ALLOWED = new Set(['/user/info', '/user/logout', '/user/refreshToken', '/user/updatePassword']);

/** Reads the token (`Authorization: <token>` or `Bearer <token>`), loads the session, then checks access. */
export function guard(access: Access): MiddlewareHandler<AppEnv>[] {
  if (access === 'public') return [];
  const check: MiddlewareHandler<AppEnv> = async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.replace(/^Bearer\s+/i, '').trim();
    const user = await c.var.deps.authenticate(token, c.req.path);
    c.set('user', user);
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
