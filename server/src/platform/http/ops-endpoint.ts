import path from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { t } from '../core/i18n';
import { normaliseAddress } from '../core/client-address';
import { sameToken } from '../backup/ops-token';
import { peerAddress } from './client-meta';

export const OPS_TOKEN_HEADER = 'x-rxpacs-ops-token';

/**
 * POST /ops/backup {dir}: the running server writes a backup into `dir` (npm run backup, when the embedded
 * database is held by this server). Only from this machine's loopback socket (no proxy header counts) with the
 * token of DATA_DIR/ops.token; anything else is 404, as if the route were not there.
 */
export async function opsBackupEndpoint(c: Context<AppEnv>) {
  const { deps } = c.var;
  const peer = normaliseAddress(peerAddress(c));
  const loopback = peer === '127.0.0.1' || peer === '::1';
  const given = c.req.header(OPS_TOKEN_HEADER) ?? '';
  if (!loopback || !deps.opsToken || !sameToken(given, deps.opsToken)) {
    return c.json({ success: false, msg: t(c, 'notFound'), data: null, code: 404, error: 'NOT_FOUND' as const }, 404);
  }
  const body = (await c.req.json().catch(() => null)) as { dir?: unknown } | null;
  const dir = typeof body?.dir === 'string' ? body.dir : '';
  if (!path.isAbsolute(dir) || path.resolve(dir).startsWith(path.resolve(deps.env.DATA_DIR) + path.sep)) {
    return c.json({ success: false, msg: 'dir: an absolute folder outside DATA_DIR', data: null, code: 400 }, 400);
  }
  try {
    const manifest = await deps.backup(dir);
    return c.json({ success: true, msg: 'ok', data: manifest, code: 200 });
  } catch (err) {
    deps.log.error({ err: (err as Error).message }, 'backup failed');
    return c.json({ success: false, msg: (err as Error).message, data: null, code: 503 }, 503);
  }
}
