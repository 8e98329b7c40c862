import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv, AuthUser } from '../../context';
import { clientMeta } from '../../lib/client-meta';

/** Who makes an administrative change, in which language, from where (for the audit row). */
export interface Caller {
  me: AuthUser;
  locale: Locale;
  ip: string;
}

export function callerOf(c: Context<AppEnv>): Caller {
  const { ip, locale } = clientMeta(c);
  return { me: c.var.user, locale, ip };
}
