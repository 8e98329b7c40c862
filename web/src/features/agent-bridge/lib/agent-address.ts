import { DEFAULT_AGENT_URL } from '@shared/protocol/messages';

/** localStorage: the agent address for the direct path (the extension has its own, on its options page). */
export const AGENT_URL_STORAGE_KEY = 'rxpacs.agentUrl';

/** The agent's http(s) address on this workstation; only loopback addresses are accepted. */
export function agentUrl(): string {
  try {
    const v = localStorage.getItem(AGENT_URL_STORAGE_KEY);
    if (v) {
      const u = new URL(v);
      if (['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && /^https?:$/.test(u.protocol)) return u.origin;
    }
  } catch {
    // unreadable storage or a bad address: the default
  }
  return DEFAULT_AGENT_URL;
}
