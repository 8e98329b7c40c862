/**
 * `load` run at most once while it succeeds: every caller shares its promise. A failed load (a chunk the
 * network lost) is forgotten, so the next call asks again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = null;
      });
    }
    return pending;
  };
}
