import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../context';

/** Puts the running server's parts on the request and logs each request once it is answered. */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    const start = performance.now();
    await next();
    deps.log.info(
      {
        reqId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        user: c.var.user?.pk,
      },
      'request',
    );
  };
}
