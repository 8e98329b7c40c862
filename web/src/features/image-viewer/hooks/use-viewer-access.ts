import { useEffect, useState } from 'react';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { isApiError } from '@web/lib/api-error';
import { getToken } from '@web/lib/session-store';
import { askViewerAccess, fetchViewerToken } from '../api/viewer-api';
import { traceMark, VIEWER_MARKS } from '../lib/first-image-mark';
import { setImageToken } from '../lib/image-token';
import { tokenRenewDelayMs, type ViewerQuery } from '../lib/viewer-query';

export type ViewerAccess =
  | { state: 'loading' }
  /**
   * token: the viewer token at the time (thumbnails); image requests always take the newest. hasSession:
   * opened with a signed-in session (its marks are saved), not with a token alone.
   */
  | { state: 'ready'; study: ViewerStudy; token: string; hasSession: boolean }
  /** noStudy: the address names none; noAccess: no session and no token; refused: the server said no (msg). */
  | { state: 'failed'; reason: 'noStudy' | 'noAccess' | 'refused'; msg?: string };

/** Why the window cannot ask for anything, before asking; null when it can. */
export function precheck(q: ViewerQuery, hasSession: boolean): ViewerAccess | null {
  if (!q.studyIuid) return { state: 'failed', reason: 'noStudy' };
  if (!hasSession && !q.token) return { state: 'failed', reason: 'noAccess' };
  return null;
}

/**
 * Image access for the viewer window: a viewer token asked with this window's session (same origin), or the
 * one the address carries; renewed before it ends while the session lives (a failed renewal means the
 * session ended: what is on screen stays). The study's data is asked at the same time as the token.
 */
export function useViewerAccess(q: ViewerQuery): ViewerAccess {
  // Whether this window had a session when it opened: its later sign-out ends the token on the server.
  const [hasSession] = useState(() => !!getToken());
  const blocked = precheck(q, hasSession);
  const isBlocked = blocked !== null;
  const [access, setAccess] = useState<ViewerAccess>({ state: 'loading' });

  useEffect(() => {
    if (isBlocked) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renewIn = (expiresInS: number) => {
      timer = setTimeout(() => {
        fetchViewerToken(q.studyIuid).then(
          (t) => {
            if (stopped) return;
            setImageToken(q.studyIuid, t.token);
            renewIn(t.expires_in);
          },
          () => undefined,
        );
      }, tokenRenewDelayMs(expiresInS));
    };
    const asked = askViewerAccess(q, hasSession);
    Promise.all([asked.token, asked.study]).then(
      ([t, study]) => {
        if (stopped) return;
        traceMark(VIEWER_MARKS.access);
        setImageToken(q.studyIuid, t.token);
        setAccess({ state: 'ready', study, token: t.token, hasSession });
        if (hasSession) renewIn(t.expires_in);
      },
      (e: unknown) => {
        if (!stopped) setAccess({ state: 'failed', reason: 'refused', msg: isApiError(e) ? e.message : String(e) });
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [isBlocked, q, hasSession]);

  return blocked ?? access;
}
