import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../context';
import type { AuthUser } from '../core/auth-user';
import { clientMeta } from './client-meta';

/** Who makes an administrative change, from where, in which language (for the audit row and messages). */
export interface Caller {
  me: AuthUser;
  ip: string;
  locale: Locale;
}

export function callerOf(c: Context<AppEnv>): Caller {
  const { ip, locale } = clientMeta(c);
  return { me: c.var.user, ip, locale };
}
