import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { getConfigs } from '../config';

/** The origin of sys_config core_url, or null when it is unset or not an http(s) address. */
export function coreOrigin(coreUrl: string): string | null {
  try {
    const u = new URL(coreUrl.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The print page calls the central server named by core_url and shows its images: the web app's pages
 * (not the API) let that one origin into connect-src and img-src of the Content-Security-Policy.
 * Registered before secureHeaders, which writes the policy on the way out.
 */
export function allowCoreUrl(db: Db): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const csp = c.res.headers.get('content-security-policy');
    if (!csp || !c.res.headers.get('content-type')?.includes('text/html')) return;
    // The page must load even when the configuration cannot be read: it then keeps the strict policy.
    const coreUrl = await getConfigs(db, ['core_url']).then(
      (cfg) => cfg.core_url,
      () => '',
    );
    const origin = coreOrigin(coreUrl);
    if (!origin) return;
    c.res.headers.set(
      'content-security-policy',
      csp.replace(/(^|;\s*)(connect-src|img-src)\s/g, (m) => `${m}${origin} `),
    );
  };
}
