import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { localeOf } from '../../platform/core/i18n';
import { linkOrigin } from '../../platform/http/public-origin';

/** Who is writing (their name and settings are on the user) and in which language they are told. */
export interface Caller {
  me: AuthUser;
  locale: Locale;
  /** This platform's address as the caller reached it (PUBLIC_ORIGIN when set): what a printed QR code leads to. */
  origin?: string;
}

export function callerOf(c: Context<AppEnv>): Caller {
  return { me: c.var.user, locale: localeOf(c.req.header('accept-language')), origin: linkOrigin(c) };
}
