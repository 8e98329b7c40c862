import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { parseWorklist, worklistSearch, type WorklistParams } from '../lib/worklist-params';

/**
 * Filters and page live in the URL. The last search is remembered for the session (cleared at sign-in):
 * opening the worklist without a query brings it back.
 */
export function useWorklistSearch() {
  const [search, setSearch] = useSearchParams();
  const raw = search.toString();
  const params = useMemo(() => parseWorklist(new URLSearchParams(raw)), [raw]);

  useEffect(() => {
    if (raw) {
      sessionStorage.setItem(STORAGE_KEYS.worklistSearch, raw);
      return;
    }
    const saved = sessionStorage.getItem(STORAGE_KEYS.worklistSearch);
    if (saved) setSearch(new URLSearchParams(saved), { replace: true });
  }, [raw, setSearch]);

  /** Puts the search in the URL; false when it asks for the list already shown (the caller reloads it). */
  const update = useCallback(
    (next: WorklistParams) => {
      const q = worklistSearch(next);
      if (q.toString() !== raw) setSearch(q);
      return JSON.stringify(parseWorklist(q)) !== JSON.stringify(params);
    },
    [raw, params, setSearch],
  );
  const reset = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEYS.worklistSearch);
    setSearch(new URLSearchParams(), { replace: true });
  }, [setSearch]);

  return { params, raw, update, reset };
}
