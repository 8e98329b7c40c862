import type { Context } from 'hono';
import { UserSettingsSchema, type UserSettings } from '@shared/schemas/auth';
import type { Locale } from '@shared/constants';
import type { AppEnv, AuthUser } from '../../context';
import { notFound } from '../../lib/errors';
import { localeOf } from '../../lib/i18n';
import { findUser } from '../users/repo';

/** Who is writing: identity, display name and the settings that change the rules (oneClickAudit, showray). */
export interface Caller {
  me: AuthUser;
  name: string;
  locale: Locale;
  settings: UserSettings;
}

export async function callerOf(c: Context<AppEnv>): Promise<Caller> {
  const found = await findUser(c.var.deps.db, { pk: c.var.user.pk });
  if (!found) throw notFound();
  const parsed = UserSettingsSchema.safeParse(found.u.data1 ?? {});
  return {
    me: c.var.user,
    name: found.u.ch_name || found.u.username,
    locale: localeOf(c.req.header('accept-language')),
    settings: parsed.success ? parsed.data : UserSettingsSchema.parse({}),
  };
}
