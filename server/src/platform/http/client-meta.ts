import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context';
import { fromTrustedProxy, resolveClientAddress } from '../core/client-address';
import { localeOf } from '../core/i18n';

/** The socket's peer: the proxy's address behind a reverse proxy. '' for app.request() in tests (no socket). */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

const trustedProxiesOf = (c: Context) => (c.var as Partial<AppEnv['Variables']>).deps?.env.TRUSTED_PROXIES;

/** Whether the request came through one of TRUSTED_PROXIES (then its X-Forwarded-* headers are believed). */
export const viaTrustedProxy = (c: Context) => fromTrustedProxy(peerAddress(c), trustedProxiesOf(c));

/**
 * Who is asking: the one place the client's address is worked out (TRUSTED_PROXIES, lib/client-address.ts),
 * for every address-based rule (sign-in throttle and lock, captcha, look-up budgets) and audit row.
 */
export function clientMeta(c: Context) {
  const ip = resolveClientAddress(peerAddress(c), (name) => c.req.header(name), trustedProxiesOf(c));
  return { ip, userAgent: c.req.header('user-agent') ?? '', locale: localeOf(c.req.header('accept-language')) };
}
