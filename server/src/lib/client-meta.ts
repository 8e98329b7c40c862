import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { localeOf } from './i18n';

export function clientMeta(c: Context) {
  let ip: string;
  try {
    ip = getConnInfo(c).remote.address ?? '';
  } catch {
    ip = ''; // app.request() in tests has no socket
  }
  return { ip, userAgent: c.req.header('user-agent') ?? '', locale: localeOf(c.req.header('accept-language')) };
}
