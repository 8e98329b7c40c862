import type { Context } from 'hono';
import { t, type MessageKey, type Params } from '../core/i18n';

/** The success envelope. */
export function ok<T>(c: Context, data: T, msgKey: MessageKey = 'ok', params?: Params) {
  return c.json({ success: true as const, msg: t(c, msgKey, params), data }, 200);
}
