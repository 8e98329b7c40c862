import { useCallback, useState } from 'react';
import { readHiddenColumns, writeHiddenColumns } from './column-settings';

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage disabled (private mode): the setting lasts for this page only.
    return fallback;
  }
}

/** Which columns of a list are hidden, saved per route in localStorage for 7 days. */
export function useColumnSettings(route: string) {
  const [hidden, setHiddenState] = useState<string[]>(() =>
    safely(() => readHiddenColumns(localStorage, route, Date.now()), []),
  );
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      safely(() => writeHiddenColumns(localStorage, route, next, Date.now()), undefined);
    },
    [route],
  );
  return { hidden, setHidden };
}
