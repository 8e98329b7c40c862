import type { RefreshResultSchema } from '@shared/schemas/auth';
import type { z } from 'zod';
import { apiPost } from './api-client';
import { useSessionStore } from './session-store';
import { shouldRefresh } from './token-refresh-rule';

let lastActivityAt = 0;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
const CHECK_EVERY_MS = 5_000;

const markActive = () => {
  lastActivityAt = Date.now();
};

async function check(): Promise<void> {
  const s = useSessionStore.getState();
  if (!shouldRefresh(s, lastActivityAt, Date.now())) return;
  try {
    const r = await apiPost<z.infer<typeof RefreshResultSchema>>('/user/refreshToken', {}, { silent: true });
    if (useSessionStore.getState().token === s.token) useSessionStore.getState().setSession(r.token, r.expires_in);
  } catch {
    // an expired session shows the 700 dialog from the request layer
  }
}

/** Watches activity and refreshes the token; returns the stop function. */
export function startTokenRefresh(): () => void {
  for (const e of ACTIVITY_EVENTS) window.addEventListener(e, markActive, { passive: true });
  const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
  return () => {
    window.clearInterval(timer);
    for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, markActive);
  };
}
