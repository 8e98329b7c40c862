import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { ViewerTokenSchema } from '@shared/schemas/images';
import type { z } from 'zod';
import { getToken } from '@web/lib/session-store';
import { FIRST_IMAGE_MARK } from '../lib/first-image-mark';
import { previewUrl } from '../lib/image-ids';
import { hashQuery, readViewerQuery, type ViewerQuery } from '../lib/viewer-query';

export type ViewerToken = z.infer<typeof ViewerTokenSchema>;

export interface AccessRequests {
  token: Promise<ViewerToken>;
  study: Promise<ViewerStudy>;
}

let early: { key: string; asked: AccessRequests } | null = null;

export const accessKey = (q: ViewerQuery, hasSession: boolean) => `${q.studyIuid}|${q.token}|${hasSession}`;

/**
 * A bare JSON call, without the app's request layer (which evaluates antd first): early answers only; when
 * one fails, the page asks again through the request layer, which words the failure.
 */
async function bareCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const session = getToken();
  const res = await fetch(path, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const env = (await res.json()) as { success?: boolean; data?: T };
  if (!res.ok || env.success !== true) throw new Error(`HTTP ${res.status}`);
  return env.data as T;
}

/**
 * On the viewer's address (/readingFilm), asks for the token and the study as the app's first script runs
 * (main.tsx imports this first), before the framework and the route's code are evaluated; and fetches the
 * first image's rendered preview as soon as both are known, while the page is still rendering.
 */
export function askViewerAccessEarly(hash: string): void {
  if (!/^#\/readingFilm(\?|$)/.test(hash)) return;
  const q = readViewerQuery(hashQuery(hash));
  const hasSession = !!getToken();
  if (!q.studyIuid || (!hasSession && !q.token)) return;
  const asked: AccessRequests = {
    token: hasSession
      ? bareCall<ViewerToken>('/wado/token', { method: 'POST', body: JSON.stringify({ study_iuid: q.studyIuid }) })
      : Promise.resolve({ token: q.token, expires_in: 0 }),
    study: bareCall<ViewerStudy>(
      `/wado/viewerStudy?${new URLSearchParams({ studyUID: q.studyIuid, ...(hasSession ? {} : { token: q.token }) })}`,
    ),
  };
  // The page handles failures; until it takes these, a refusal is not an unhandled rejection.
  asked.token.catch(() => undefined);
  asked.study.catch(() => undefined);
  void Promise.all([asked.token, asked.study]).then(
    ([t, study]) => {
      const url = previewUrl(study, t.token);
      if (url) showEarlyPreview(url);
    },
    () => undefined,
  );
  early = { key: accessKey(q, hasSession), asked };
}

/** The early requests for this address, once (the page takes them instead of asking again); else null. */
export function takeEarlyAccess(key: string): AccessRequests | null {
  if (early?.key !== key) return null;
  const { asked } = early;
  early = null;
  return asked;
}

let earlyPreview: { img: HTMLImageElement; shownAt: number } | null = null;

/**
 * The first image as the server renders it, put on screen as soon as it has loaded, where the viewer's
 * stage will be (right of the series list, under the toolbar), before the page itself has rendered: the
 * page's own preview replaces it (removeEarlyPreview), then Cornerstone's image. Styled through the CSSOM
 * (the page's CSS has not loaded yet; CSP allows no inline style attribute).
 */
function showEarlyPreview(url: string): void {
  const img = new Image();
  img.alt = '';
  img.dataset.testid = 'viewer-early-preview';
  Object.assign(img.style, {
    position: 'fixed',
    top: '45px',
    left: '137px',
    right: '0',
    bottom: '0',
    width: 'calc(100% - 137px)',
    height: 'calc(100% - 45px)',
    objectFit: 'contain',
    background: '#000',
    zIndex: '10',
    pointerEvents: 'none',
  });
  img.onload = () => {
    if (earlyPreview === null && !removed) {
      document.body.style.background = '#000';
      document.body.appendChild(img);
      performance.mark(FIRST_IMAGE_MARK);
      earlyPreview = { img, shownAt: performance.now() };
    }
  };
  img.src = url;
}

let removed = false;

/** When the early preview went on screen (ms since navigation start), or null if it did not. */
export const earlyPreviewShownAt = (): number | null => earlyPreview?.shownAt ?? null;

/** The page's own image is on screen: the early one goes (and one that loads later is not shown). */
export function removeEarlyPreview(): void {
  removed = true;
  earlyPreview?.img.remove();
  document.body.style.background = '';
}
