import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle after the screen has painted, at the latest after `timeoutMs`
 * (a timer where requestIdleCallback is missing): for code a screen wants soon but not for its first paint.
 */
export function useWhenIdle(task: () => void, timeoutMs: number): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(task, Math.min(timeoutMs, 2000));
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
}

/** False until the browser was idle after the first paint (or `timeoutMs` passed), then true. */
export function useIdleReached(timeoutMs: number): boolean {
  const [reached, setReached] = useState(false);
  useWhenIdle(() => setReached(true), timeoutMs);
  return reached;
}
