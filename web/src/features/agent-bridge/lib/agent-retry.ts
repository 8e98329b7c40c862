/** First delay of the page's agent socket after a failure; it doubles up to the cap. */
export const AGENT_RETRY_FIRST_MS = 2_000;
export const AGENT_RETRY_MAX_MS = 60_000;
/** Each delay is shortened by up to this share, so tabs opened together do not knock in step. */
export const AGENT_RETRY_JITTER = 0.2;

/**
 * The delay before the n-th attempt (n from 1) since the agent last answered: 2, 4, 8, 16, 32 s, then
 * 60 s, each shortened by up to a fifth at random.
 */
export function agentRetryDelay(n: number, random: () => number = Math.random): number {
  const full = Math.min(AGENT_RETRY_MAX_MS, AGENT_RETRY_FIRST_MS * 2 ** Math.max(0, n - 1));
  return Math.round(full * (1 - AGENT_RETRY_JITTER * random()));
}

export type WakeTargets = {
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;
};

/** Calls `wake` when the page becomes visible again or the browser goes online; returns the unsubscribe. */
export function onPageWake({ win, doc }: WakeTargets, wake: () => void): () => void {
  const visible = () => {
    if (!doc?.hidden) wake();
  };
  win.addEventListener('online', wake);
  doc?.addEventListener('visibilitychange', visible);
  return () => {
    win.removeEventListener('online', wake);
    doc?.removeEventListener('visibilitychange', visible);
  };
}
