import { useEffect } from 'react';
import { CRITICAL_QUERY_ROOT, useCriticalPush } from '@web/lib/critical-push';
import { feedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { queryClient, QUEUE_QUERY_ROOT } from '@web/lib/query-client';
import { useSessionEndNotice } from '@web/lib/session-end-notice';
import { useSessionStore } from '@web/lib/session-store';
import { reloadUserInfo } from '@web/lib/user-info';
import { RealtimeSocket, realtimeUrl } from '../lib/realtime-socket';

/** The menu changing under the user's eyes is explained (only when their access did change). */
function noticeAccessChanged() {
  feedback().notification.info({
    // One notice, however many changes (or sockets of the tab) told it.
    key: 'access-changed',
    title: i18n.t('shell:accessChanged.title'),
    description: i18n.t('shell:accessChanged.text'),
  });
}

/**
 * While signed in, keeps the realtime socket open. When an administrator locks the account, resets its
 * password or removes it, the tab is signed out as a 401 would (the session forgotten, the guard shows the
 * sign-in page) and the sign-in page says why. When an administrator changes the user's role, its
 * permissions or the user's hospital, the user info is loaded again: the menus and the page guards follow
 * without a reload, and a notice says why when they changed. A change in the hospital's call queue
 * refetches the queue lists on view; a critical result for the user reaches the header's reminder. If the socket cannot connect, nothing else changes.
 */
export function useSessionEndWatch(): void {
  const token = useSessionStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const socket = new RealtimeSocket({
      url: realtimeUrl(window.location),
      token,
      onMessage: (m) => {
        if (m.type === 'queue_changed') {
          void queryClient.invalidateQueries({ queryKey: [QUEUE_QUERY_ROOT] });
          return;
        }
        if (m.type === 'critical_result') {
          useCriticalPush.getState().push(m);
          void queryClient.invalidateQueries({ queryKey: [CRITICAL_QUERY_ROOT] });
          return;
        }
        if (m.type === 'access_changed') {
          void reloadUserInfo().then((changed) => changed && noticeAccessChanged());
          return;
        }
        if (m.type !== 'session_ended') return;
        useSessionEndNotice.getState().set(m.reason);
        useSessionStore.getState().clear();
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token]);
}
