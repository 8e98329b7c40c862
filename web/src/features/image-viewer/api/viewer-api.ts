import type { z } from 'zod';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { ViewerTokenSchema } from '@shared/schemas/images';
import { apiGet, apiPost } from '@web/lib/api-client';
import { getToken } from '@web/lib/session-store';
import type { ViewerQuery } from '../lib/viewer-query';

export type ViewerToken = z.infer<typeof ViewerTokenSchema>;

/** A viewer token of the study for this window's image requests (the session token never goes in a URL). */
export const fetchViewerToken = (studyIuid: string) =>
  apiPost<ViewerToken>('/wado/token', { study_iuid: studyIuid }, { silent: true });

/** The study's overlay fields and live images; with a viewer token when the window has no session. */
export const fetchViewerStudy = (studyIuid: string, token?: string) =>
  apiGet<ViewerStudy>('/wado/viewerStudy', { studyUID: studyIuid, token }, { silent: true });

export interface AccessRequests {
  token: Promise<ViewerToken>;
  study: Promise<ViewerStudy>;
}

let early: { key: string; asked: AccessRequests } | null = null;

/**
 * The token and the study, asked at once: with this window's session, or with the address's token when
 * it has none. The route asks as its code loads (before the page renders); the page then takes those
 * answers, once, instead of asking again.
 */
export function askViewerAccess(q: ViewerQuery, hasSession: boolean): AccessRequests {
  const key = `${q.studyIuid}|${q.token}|${hasSession}`;
  if (early?.key === key) {
    const { asked } = early;
    early = null;
    return asked;
  }
  return {
    token: hasSession ? fetchViewerToken(q.studyIuid) : Promise.resolve({ token: q.token, expires_in: 0 }),
    study: fetchViewerStudy(q.studyIuid, hasSession ? undefined : q.token),
  };
}

/** Starts askViewerAccess for the page about to render (nothing when the address cannot be served). */
export function askViewerAccessEarly(q: ViewerQuery): void {
  const hasSession = !!getToken();
  if (!q.studyIuid || (!hasSession && !q.token)) return;
  const asked = askViewerAccess(q, hasSession);
  // The page handles failures; until it takes these, a refusal is not an unhandled rejection.
  asked.token.catch(() => undefined);
  asked.study.catch(() => undefined);
  early = { key: `${q.studyIuid}|${q.token}|${hasSession}`, asked };
}
