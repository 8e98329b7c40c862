import { TOKEN_REFRESH_BEFORE_S } from '@shared/constants';

/** True when the token should be refreshed now: little time left and the user did something since. */
export function shouldRefresh(
  s: { token: string | null; expiresAt: number | null; refreshedAt: number },
  activityAt: number,
  now: number,
): boolean {
  if (!s.token || !s.expiresAt) return false;
  return s.expiresAt - now <= TOKEN_REFRESH_BEFORE_S * 1000 && s.expiresAt > now && activityAt > s.refreshedAt;
}
