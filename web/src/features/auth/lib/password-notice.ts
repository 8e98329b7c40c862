import type { TFunction } from 'i18next';
import type { LoginResult } from '@shared/schemas/auth';

/**
 * What the sign-in tells about the password, in the page's language, by the reason the server gives: an
 * administrator's reset is announced as such, never as an expiry. Null when there is nothing to tell.
 */
export function passwordNoticeText(
  r: Pick<LoginResult, 'password_notice'>,
  t: TFunction<'auth'>,
): { title: string; description: string } | null {
  const n = r.password_notice;
  if (!n) return null;
  return {
    title: t(`login.passwordNotice.${n.reason}.title`),
    description: t(`login.passwordNotice.${n.reason}.text`, { days: n.days }),
  };
}
