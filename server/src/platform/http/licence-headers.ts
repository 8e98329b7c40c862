import type { MiddlewareHandler } from 'hono';
import { LICENCE_HEADERS } from '@shared/constants';
import type { AppEnv } from '../context';

const DAY_MS = 86_400_000;

/** Whole days from `now`'s calendar day (the server's time zone) to the licence's last day; negative once past it. */
export function licenceDaysLeft(expires: string, now: Date): number {
  const [y, m, d] = expires.split('-').map(Number) as [number, number, number];
  const last = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((last - today) / DAY_MS);
}

/** What the headers say: no limit without a date; valid through its last day, then expired (0 days left). */
export function licenceState(expires: string | undefined, now: Date): { auth: boolean; days: number | null } {
  if (!expires) return { auth: true, days: null };
  const days = licenceDaysLeft(expires, now);
  return { auth: days >= 0, days: Math.max(0, days) };
}

/**
 * Every answer carries the licence (spec part 2, section 8): `pacs_auth` true or false and, when a licence date
 * is set (LICENCE_EXPIRES), `pacs_day` with the days left. An expired licence refuses nothing: the web app
 * shows the vendor dialog, so a hospital is never locked out of its reports (docs/decisions.md).
 * The date is read from the environment on each answer, so tests may move it.
 */
export function licenceHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { auth, days } = licenceState(c.var.deps.env.LICENCE_EXPIRES, new Date());
    c.header(LICENCE_HEADERS.auth, String(auth));
    if (days !== null) c.header(LICENCE_HEADERS.days, String(days));
  };
}
