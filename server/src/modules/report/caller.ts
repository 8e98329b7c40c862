import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { UserSettings } from '@shared/schemas/auth';
import type { AppEnv, AuthUser } from '../../context';
import { localeOf } from '../../lib/i18n';

/** Who is writing: identity, display name and the settings that change the rules (oneClickAudit, showray). */
export interface Caller {
  me: AuthUser;
  name: string;
  locale: Locale;
  settings: UserSettings;
}

export function callerOf(c: Context<AppEnv>): Caller {
  const me = c.var.user;
  return { me, name: me.name, locale: localeOf(c.req.header('accept-language')), settings: me.settings };
}
