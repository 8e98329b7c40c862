import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../context';

/** The route pattern that answered, as a bounded metrics label: an unmatched path is 'unmatched', not itself. */
function routeOf(c: Context): string {
  const route = routePath(c, -1);
  return !route || route === '*' || route.endsWith('/*') ? 'unmatched' : route;
}

/**
 * Puts the running server's parts on the request; once it is answered, logs it, counts it in the metrics by
 * route pattern, and warns of one slower than SLOW_REQUEST_MS (with its route, for the operator).
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    const start = performance.now();
    await next();
    const seconds = (performance.now() - start) / 1000;
    const route = routeOf(c);
    deps.metrics.request(route, c.req.method, c.res.status, seconds);
    const slow = deps.env.SLOW_REQUEST_MS;
    if (slow && seconds * 1000 >= slow) {
      deps.log.warn(
        { reqId: c.var.requestId, method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) },
        'slow request',
      );
    }
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
