import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { ViewerTokenSchema } from '@shared/schemas/images';
import type { z } from 'zod';
import { FIRST_IMAGE_MARK } from '../lib/first-image-mark';
import { hashQuery, readViewerQuery, type ViewerQuery } from '../lib/viewer-query';

export type ViewerToken = z.infer<typeof ViewerTokenSchema>;

export interface AccessRequests {
  token: Promise<ViewerToken>;
  study: Promise<ViewerStudy>;
}

let early: { key: string; asked: AccessRequests } | null = null;

/** How long the token and the study wait at most for the first image's answer before they are asked. */
const PREVIEW_HEAD_START_MS = 150;

/**
 * STORAGE_KEYS.session of lib/storage-keys.ts (a test holds them equal), written out: imported, that module
 * becomes a chunk of its own (the app shares it) that this script would wait for.
 */
export const EARLY_SESSION_KEY = 'rxpacs.session';

/**
 * The session token as the session store keeps it (zustand's persisted state): read directly, since this
 * module is the page's first script and must not load zustand (and with it React) to run.
 */
function sessionToken(): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(EARLY_SESSION_KEY) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    const token = kept?.state?.token;
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

export const accessKey = (q: ViewerQuery, hasSession: boolean) => `${q.studyIuid}|${q.token}|${hasSession}`;

/**
 * A bare JSON call, without the app's request layer (which evaluates antd first): early answers only; when
 * one fails, the page asks again through the request layer, which words the failure.
 */
async function bareCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const session = sessionToken();
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
 * On the viewer's address (/readingFilm), asks at once for the first image (rendered by the server), the
 * token and the study, as the page's first script runs (its own small entry in index.html, evaluated
 * before the app's bundles have loaded); the first image goes on screen as soon as it is decoded.
 */
export function askViewerAccessEarly(hash: string): void {
  if (!/^#\/readingFilm(\?|$)/.test(hash)) return;
  const q = readViewerQuery(hashQuery(hash));
  const session = sessionToken();
  const hasSession = !!session;
  if (!q.studyIuid || (!hasSession && !q.token)) return;
  // The first image has the server to itself for a moment: the token and the study are asked once it has
  // answered (or after PREVIEW_HEAD_START_MS); the page needs them only later, once its code has loaded.
  const previewAnswered = fetchEarlyPreview(q.studyIuid, session, q.token);
  const after = Promise.race([previewAnswered, new Promise((r) => setTimeout(r, PREVIEW_HEAD_START_MS))]);
  const asked: AccessRequests = {
    token: hasSession
      ? after.then(() =>
          bareCall<ViewerToken>('/wado/token', { method: 'POST', body: JSON.stringify({ study_iuid: q.studyIuid }) }),
        )
      : Promise.resolve({ token: q.token, expires_in: 0 }),
    study: after.then(() =>
      bareCall<ViewerStudy>(
        `/wado/viewerStudy?${new URLSearchParams({ studyUID: q.studyIuid, ...(hasSession ? {} : { token: q.token }) })}`,
      ),
    ),
  };
  // The page handles failures; until it takes these, a refusal is not an unhandled rejection.
  asked.token.catch(() => undefined);
  asked.study.catch(() => undefined);
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
/** The early first image as an object URL, and the instance it is (the page shows it rather than ask again). */
let earlyImage: { sopIuid: string; url: string } | null = null;

/**
 * GET /wado/viewerPreview: the study's first image as the server renders it (the one the page's preview
 * shows), with the session header, or the address's viewer token when the window has no session.
 */
function fetchEarlyPreview(studyIuid: string, session: string | null, token: string): Promise<unknown> {
  const q = new URLSearchParams({ studyUID: studyIuid, ...(session ? {} : { token }) });
  const answer = fetch(`/wado/viewerPreview?${q}`, { headers: session ? { authorization: `Bearer ${session}` } : {} });
  void answer
    .then(async (res) => {
      if (!res.ok) return;
      const at = new URLSearchParams(res.headers.get('content-location')?.split('?')[1] ?? '');
      const url = URL.createObjectURL(await res.blob());
      earlyImage = { sopIuid: at.get('objectUID') ?? '', url };
      showEarlyPreview(url);
    })
    .catch(() => undefined);
  return answer.catch(() => undefined);
}

/**
 * The first image fetched early, when it is this instance's: an object URL of the same JPEG the instance's
 * /wado preview address answers. Else null.
 */
export const earlyPreviewOf = (sopIuid: string | undefined): string | null =>
  earlyImage && sopIuid && earlyImage.sopIuid === sopIuid ? earlyImage.url : null;

/**
 * The first image as the server renders it, put on screen as soon as it is decoded, where the viewer's
 * stage will be (right of the series list, under the toolbar), before the page itself has rendered: the
 * page's own preview replaces it (removeEarlyPreview), then Cornerstone's image. Styled through the CSSOM
 * (the page's CSS has not loaded yet; CSP allows no inline style attribute). Its time is taken at the
 * next frame after it was added (when it is painted), not when its bytes arrived.
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
  img.src = url;
  void img.decode().then(
    async () => {
      // This script runs async: the body may still be on its way.
      if (!document.body) await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
      if (earlyPreview !== null || removed) return;
      document.body.style.background = '#000';
      document.body.appendChild(img);
      earlyPreview = { img, shownAt: NaN };
      requestAnimationFrame(() => {
        if (removed || !earlyPreview) return;
        performance.mark(FIRST_IMAGE_MARK);
        earlyPreview.shownAt = performance.now();
      });
    },
    () => undefined,
  );
}

let removed = false;

/** When the early preview went on screen (ms since navigation start), or null if it did not. */
export const earlyPreviewShownAt = (): number | null =>
  earlyPreview && !Number.isNaN(earlyPreview.shownAt) ? earlyPreview.shownAt : null;

/** The page's own image is on screen: the early one goes (and one that loads later is not shown). */
export function removeEarlyPreview(): void {
  removed = true;
  earlyPreview?.img.remove();
  document.body.style.background = '';
}
