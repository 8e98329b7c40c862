import type { PriorStudy, ViewerAnnotation, ViewerAnnotations, ViewerStudy } from '@shared/schemas/image-viewer';
import { apiGet, apiPost, apiPut } from '@web/lib/api-client';
import type { ViewerQuery } from '../lib/viewer-query';
import { accessKey, takeEarlyAccess, type AccessRequests, type ViewerToken } from './viewer-early';

export type { ViewerToken } from './viewer-early';

/** A viewer token of the study for this window's image requests (the session token never goes in a URL). */
export const fetchViewerToken = (studyIuid: string) =>
  apiPost<ViewerToken>('/wado/token', { study_iuid: studyIuid }, { silent: true });

/** The study's overlay fields and live images; with a viewer token when the window has no session. */
export const fetchViewerStudy = (studyIuid: string, token?: string) =>
  apiGet<ViewerStudy>('/wado/viewerStudy', { studyUID: studyIuid, token }, { silent: true });

/**
 * The token and the study, asked at once: with this window's session, or with the address's token when
 * it has none. Requests already made as the app started (viewer-early.ts) are taken once instead; if one
 * of those failed, it is asked again here, so the failure is worded by the request layer.
 */
export function askViewerAccess(q: ViewerQuery, hasSession: boolean): AccessRequests {
  const token = () => (hasSession ? fetchViewerToken(q.studyIuid) : Promise.resolve({ token: q.token, expires_in: 0 }));
  const study = () => fetchViewerStudy(q.studyIuid, hasSession ? undefined : q.token);
  const early = takeEarlyAccess(accessKey(q, hasSession));
  if (early) return { token: early.token.catch(token), study: early.study.catch(study) };
  return { token: token(), study: study() };
}

/** The signed-in user's saved marks on a study. */
export const fetchMarks = (studyIuid: string) =>
  apiGet<ViewerAnnotations>('/wado/annotations', { studyUID: studyIuid }, { silent: true });

/** Saves the signed-in user's whole set of marks on a study. */
export const saveMarks = (studyIuid: string, annotations: ViewerAnnotation[]) =>
  apiPut<ViewerAnnotations>('/wado/annotations', { studyUID: studyIuid, annotations }, { silent: true });

/** The patient's other studies with images, newest first. */
export const fetchPriors = (studyIuid: string) =>
  apiGet<PriorStudy[]>('/wado/priorStudies', { studyUID: studyIuid }, { silent: true });
