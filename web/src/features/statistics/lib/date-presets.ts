import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export type PresetKey = 'today' | 'week' | 'month';
export const PRESET_KEYS: readonly PresetKey[] = ['today', 'week', 'month'];

/**
 * The range a preset names, as of `now`: today; this week from Monday (the hospitals' week) to today;
 * this month from its first day to its last (the spec's default range is "the current month").
 */
export function presetRange(key: PresetKey, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const today = now.startOf('day');
  if (key === 'today') return [today, today];
  if (key === 'week') {
    const sinceMonday = (today.day() + 6) % 7;
    return [today.subtract(sinceMonday, 'day'), today];
  }
  return [today.startOf('month'), today.endOf('month').startOf('day')];
}

/** The default range of every statistics page: the current month, as the API's 'YYYY-MM-DD' bounds. */
export function currentMonthBounds(now: Dayjs = dayjs()): { startTime: string; endTime: string } {
  const [start, end] = presetRange('month', now);
  return { startTime: start.format(DATE_FORMAT), endTime: end.format(DATE_FORMAT) };
}
