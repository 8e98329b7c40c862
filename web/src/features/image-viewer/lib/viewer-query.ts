/**
 * The /readingFilm address: uid (the study, as the spec names it) and, for a link handed from elsewhere,
 * token (a viewer token of that study). Anything unexpected reads as not set.
 */
export interface ViewerQuery {
  studyIuid: string;
  token: string;
}

const UID_RE = /^[0-9]+(\.[0-9]+)*$/;
const TOKEN_RE = /^[A-Za-z0-9_-]{20,128}$/;

export function readViewerQuery(q: URLSearchParams): ViewerQuery {
  const uid = (q.get('uid') ?? q.get('study_iuid') ?? '').trim();
  const token = (q.get('token') ?? '').trim();
  return {
    studyIuid: uid.length <= 64 && UID_RE.test(uid) ? uid : '',
    token: TOKEN_RE.test(token) ? token : '',
  };
}

/** The query of the current hash address (#/readingFilm?uid=…), read before the router has rendered. */
export const hashQuery = (hash: string) => new URLSearchParams(hash.split('?')[1] ?? '');

/** Ask for a new token this long before the current one ends (10 minutes), so no image request meets an expired one. */
export const TOKEN_REFRESH_MARGIN_S = 60;

/** Milliseconds until the token should be renewed; at least 5 s so a short answer cannot spin. */
export const tokenRenewDelayMs = (expiresInS: number) => Math.max(5, expiresInS - TOKEN_REFRESH_MARGIN_S) * 1000;
