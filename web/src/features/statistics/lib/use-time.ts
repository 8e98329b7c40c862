import { USE_TIME_BUCKETS, type SeriesPoint, type UseTimeOverview } from '@shared/schemas/statistics';

/** The newest day with openings ('YYYY-MM-DD' sorts as text), or undefined when there is none. */
export function newestDay(overview: UseTimeOverview | undefined): string | undefined {
  if (!overview) return undefined;
  const days = [...overview.data.map((d) => d.date), ...Object.keys(overview.data2)].filter(Boolean);
  return days.sort().at(-1);
}

/** The four total-time buckets in their order (a missing one counts 0), labelled by `label`. */
export function bucketPoints(
  data2: Partial<Record<(typeof USE_TIME_BUCKETS)[number], number>>,
  label: (bucket: (typeof USE_TIME_BUCKETS)[number]) => string,
): SeriesPoint[] {
  return USE_TIME_BUCKETS.map((b) => ({ name: label(b), value: data2[b] ?? 0 }));
}

/** Megabytes as the spec counts them (bytes / 1024000), 2 decimals. */
export { formatMb } from './storage-units';
