import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListParams, ListSpec } from './fields';
import { parseListParams, planSearch } from './list-url';

export interface ListUrlOptions<F> {
  /** sessionStorage key: the last search comes back when the list is opened without a query. */
  remember?: string;
  /** Filters of a first visit (an empty query), e.g. today's dates. */
  firstVisit?: () => Partial<F>;
}

export interface ListUrlState<F> {
  params: ListParams<F>;
  /** The URL query the params were read from (browser tests wait on it). */
  raw: string;
  /** Puts the state in the URL; false when it asks for the list already shown (the caller reloads it). */
  update: (next: ListParams<F>) => boolean;
  reset: () => void;
  /** The state after a reset (what the reset button puts back in the form). */
  initial: ListParams<F>;
}

function remembered(key: string | undefined): string | null {
  try {
    return key ? sessionStorage.getItem(key) : null;
  } catch {
    return null;
  }
}

/** A list's filters, page and sort, kept in the URL (one hook for every list screen). */
export function useListParams<F>(spec: ListSpec<F>, opts: ListUrlOptions<F> = {}): ListUrlState<F> {
  const { remember, firstVisit } = opts;
  const [search, setSearch] = useSearchParams();
  const raw = search.toString();
  const params = useMemo(
    () => parseListParams(spec, new URLSearchParams(raw), firstVisit?.()),
    [spec, raw, firstVisit],
  );

  useEffect(() => {
    if (!remember) return;
    if (raw) {
      sessionStorage.setItem(remember, raw);
      return;
    }
    const saved = remembered(remember);
    if (saved) setSearch(new URLSearchParams(saved), { replace: true });
  }, [remember, raw, setSearch]);

  const initial = useMemo(() => parseListParams(spec, new URLSearchParams(), firstVisit?.()), [spec, firstVisit]);

  const update = useCallback(
    (next: ListParams<F>) => {
      const { query, changed } = planSearch(spec, raw, params, next);
      if (query) setSearch(query);
      return changed;
    },
    [spec, raw, params, setSearch],
  );
  const reset = useCallback(() => {
    if (remember) sessionStorage.removeItem(remember);
    setSearch(new URLSearchParams(), { replace: true });
  }, [remember, setSearch]);

  return { params, raw, update, reset, initial };
}
