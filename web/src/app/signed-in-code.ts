import { loadFeedbackApp } from './root-layout';

/** The frame of every signed-in page (menus, tabs, header). */
export const loadSignedInShell = () => import('./signed-in-shell');
/** The page a sign-in usually lands on. */
export const loadWorklist = () => import('./routes/order-list');

/**
 * Fetched while the sign-in page is idle (its user typing), so that after the click on "sign in" only the
 * user info and the worklist's rows are left to wait for. A failure is left for the navigation to meet.
 */
export function prefetchSignedIn(): void {
  void Promise.all([loadFeedbackApp(), loadSignedInShell(), loadWorklist()]).catch(() => undefined);
}
