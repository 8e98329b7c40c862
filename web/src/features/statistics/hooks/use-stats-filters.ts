import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import type { StatsRange } from '@shared/schemas/statistics';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';

type Range = [Dayjs, Dayjs];
type Extra = Record<string, string | undefined>;

/** The request of a range and the extra filters; empty filters are left out (the server's "all"). */
export function statsParams<E extends Extra>(range: Range, extra: E): StatsRange & Partial<E> {
  const out: Record<string, string> = {
    startTime: range[0].format(DATE_FORMAT),
    endTime: range[1].format(DATE_FORMAT),
  };
  for (const [k, v] of Object.entries(extra)) if (v) out[k] = v;
  return out as StatsRange & Partial<E>;
}

/**
 * The filters of a statistics page (range, current month by default, plus `extra` such as sn or modality)
 * and the request they gave when Query was last pressed: the table asks only on Query, not on every change.
 */
export function useStatsFilters<E extends Extra>(initialExtra: E) {
  const [range, setRange] = useState<Range>(() => presetRange('month'));
  const [extra, setExtra] = useState<E>(initialExtra);
  const [params, setParams] = useState(() => statsParams(presetRange('month'), initialExtra));
  const setFilter = useCallback(
    <K extends keyof E>(key: K, value: E[K]) => setExtra((e) => ({ ...e, [key]: value })),
    [],
  );
  /** Applies the filters; the same request again is asked again through `refetch`. */
  const run = (refetch: () => unknown) => {
    const next = statsParams(range, extra);
    if (JSON.stringify(next) === JSON.stringify(params)) void refetch();
    else setParams(next);
  };
  const reset = () => {
    const month = presetRange('month');
    setRange(month);
    setExtra(initialExtra);
    setParams(statsParams(month, initialExtra));
  };
  /** The filters as they are now (the export takes what is on screen, as the other pages do). */
  const current = () => statsParams(range, extra);
  return { range, setRange, extra, setFilter, params, run, reset, current };
}
