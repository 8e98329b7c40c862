import type { MiddlewareHandler } from 'hono';
import { fail } from '../lib/respond';
import type { OriginKind, OriginPolicy } from './origin-policy';

export type GuardEnv = { Variables: { originKind: OriginKind | null } };

/** Paths any local caller may read (no Origin needed); they carry no data. */
const OPEN_PATHS = new Set(['/health']);

/**
 * Refuses every request whose Host is not this agent on loopback or whose Origin is not allowlisted, and
 * answers CORS (including Chrome's Private Network Access preflight) only for allowed origins.
 */
export function guard(policy: OriginPolicy): MiddlewareHandler<GuardEnv> {
  return async (c, next) => {
    if (!policy.hostAllowed(c.req.header('host'))) return fail(c, 'FORBIDDEN_HOST', 403);
    const origin = c.req.header('origin');
    const kind = policy.kind(origin);
    if (kind && origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS') {
      if (!kind) return fail(c, 'FORBIDDEN_ORIGIN', 403);
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', 'Content-Type, Accept-Language');
      c.header('Access-Control-Max-Age', '600');
      if (c.req.header('access-control-request-private-network') === 'true') {
        c.header('Access-Control-Allow-Private-Network', 'true');
      }
      return c.body(null, 204);
    }
    if (!kind && !OPEN_PATHS.has(c.req.path)) return fail(c, 'FORBIDDEN_ORIGIN', 403);
    c.set('originKind', kind);
    await next();
  };
}
