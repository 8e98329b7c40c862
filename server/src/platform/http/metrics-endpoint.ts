import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { t } from '../core/i18n';
import { listedIn } from '../core/outbound';
import { clientMeta } from './client-meta';

/** GET /metrics: the Prometheus text exposition, for the addresses METRICS_ALLOW lists (403 for any other). */
export async function metricsEndpoint(c: Context<AppEnv>) {
  const { env, metrics } = c.var.deps;
  if (!listedIn(clientMeta(c).ip, env.METRICS_ALLOW)) {
    return c.json({ success: false, msg: t(c, 'forbidden'), data: null, code: 403, error: 'FORBIDDEN' as const }, 403);
  }
  const body = await metrics.registry.metrics();
  return c.body(body, 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
}
