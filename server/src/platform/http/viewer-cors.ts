import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for image viewers served from another origin (OHIF on its own host): only the configured origins, the
 * session travelling in the Authorization header (never a cookie: no credentials mode), and
 * Cross-Origin-Resource-Policy relaxed for those origins' answers alone. None configured: nothing changes.
 * Registered outside securityHeaders, so its CORP comes last.
 */
export function viewerCors(origins: ReadonlySet<string>): MiddlewareHandler {
  const handler = cors({
    origin: (origin) => (origins.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Accept', 'Accept-Language', 'Content-Type'],
    exposeHeaders: ['Content-Type', 'Content-Length', 'Content-Location', 'Warning'],
    maxAge: 600,
  });
  return async (c, next) => {
    if (!origins.size) return next();
    const answer = await handler(c, next);
    if (origins.has(c.req.header('origin') ?? '')) {
      (answer ?? c.res).headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    return answer;
  };
}
