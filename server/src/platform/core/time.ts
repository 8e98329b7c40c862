/**
 * The platform's one time zone rule (docs/decisions.md): timestamps are stored with their zone (timestamptz)
 * and shown, printed and counted by day in the hospital's zone: TIME_ZONE, else the server's. The process's
 * own zone is set to it at start, so every local-time computation here (fmt, day boundaries, dayjs) uses it,
 * and each database session is given it too (date grouping in SQL).
 */
export function applyTimeZone(zone: string | undefined): string {
  if (zone) process.env.TZ = zone;
  return displayZone();
}

/** The zone times are shown in: an IANA name ('Asia/Shanghai'). */
export const displayZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether an IANA zone name is known to this runtime (and safe to name in SQL). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Wire format of timestamps: 'YYYY-MM-DD HH:mm:ss' in the display zone, '' when absent. */
export function fmt(d: Date | null | undefined): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  // By hand: dayjs's format was a tenth of a millisecond of every worklist page (60 timestamps).
  return `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
