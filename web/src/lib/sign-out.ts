import { apiPost } from './api-client';
import { queryClient } from './query-client';
import { useSessionStore } from './session-store';

/**
 * Ends the session: tells the server (best effort: a dead session is still left locally), forgets the
 * token and every cached answer. The route guard then shows the login page.
 */
export async function signOut(): Promise<void> {
  if (useSessionStore.getState().token) {
    try {
      await apiPost('/user/logout', {}, { silent: true });
    } catch {
      // the server may already have forgotten the session
    }
  }
  useSessionStore.getState().clear();
  queryClient.clear();
}
