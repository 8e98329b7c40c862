import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { ViewerTokenSchema } from '@shared/schemas/images';
import type { z } from 'zod';
import { FIRST_IMAGE_MARK, traceMark, VIEWER_MARKS } from '../lib/first-image-mark';
import { hashQuery, readViewerQuery, type ViewerQuery } from '../lib/viewer-query';

export type ViewerToken = z.infer<typeof ViewerTokenSchema>;

export interface AccessRequests {
  token: Promise<ViewerToken>;
  study: Promise<ViewerStudy>;
}

/**
 * What the early script leaves for the page, on the window: the build inlines this module in index.html
 * (web/build/early-entry.ts), and the app loads its own copy of it, so the two copies meet here, not in
 * module variables.
 */
interface EarlyState {
  /** The early requests ran in this window (a second copy of this module asks nothing again). */
  started: boolean;
  access: { key: string; asked: AccessRequests } | null;
  /** The early first image as an object URL, and the instance it is (the page shows it rather than ask again). */
  image: { sopIuid: string; url: string } | null;
  preview: { img: HTMLImageElement; shownAt: number } | null;
  /** The page's own image is on screen: the early one is gone, and one that loads later is not shown. */
  removed: boolean;
  /** Resolves once the early preview is on screen (never, when it is not shown). */
  shown: Promise<void>;
  markShown: () => void;
}

const EARLY_GLOBAL = '__rxViewerEarly';

function earlyState(): EarlyState {
  const w = globalThis as unknown as Record<string, EarlyState | undefined>;
  let markShown = () => undefined as void;
  const shown = new Promise<void>((resolve) => (markShown = resolve));
  return (w[EARLY_GLOBAL] ??= {
    started: false,
    access: null,
    image: null,
    preview: null,
    removed: false,
    shown,
    markShown,
  });
}

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
  const st = earlyState();
  if (st.started) return;
  st.started = true;
  // detail.inline: run by the page's inline copy (a classic script has a current script; the app's module copy has none).
  performance.mark(VIEWER_MARKS.earlyScript, { detail: { inline: !!document.currentScript } });
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
  st.access = { key: accessKey(q, hasSession), asked };
}

/** The early requests for this address, once (the page takes them instead of asking again); else null. */
export function takeEarlyAccess(key: string): AccessRequests | null {
  const st = earlyState();
  if (st.access?.key !== key) return null;
  const { asked } = st.access;
  st.access = null;
  return asked;
}

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
      earlyState().image = { sopIuid: at.get('objectUID') ?? '', url };
      showEarlyPreview(url);
    })
    .catch(() => undefined);
  return answer.catch(() => undefined);
}

/**
 * The first image fetched early, when it is this instance's: an object URL of the same JPEG the instance's
 * /wado preview address answers. Else null.
 */
export function earlyPreviewOf(sopIuid: string | undefined): string | null {
  const { image } = earlyState();
  return image && sopIuid && image.sopIuid === sopIuid ? image.url : null;
}

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
    () => {
      traceMark(VIEWER_MARKS.previewDecoded);
      const st = earlyState();
      if (st.preview !== null || st.removed) return;
      // The script is inlined in the page's head: the body may not be there yet, the root element is.
      document.documentElement.style.background = '#000';
      document.documentElement.appendChild(img);
      const shown = (st.preview = { img, shownAt: NaN });
      requestAnimationFrame(() => {
        if (st.removed) return;
        performance.mark(FIRST_IMAGE_MARK);
        shown.shownAt = performance.now();
        st.markShown();
      });
    },
    () => undefined,
  );
}

/** When the early preview went on screen (ms since navigation start), or null if it did not. */
export function earlyPreviewShownAt(): number | null {
  const { preview } = earlyState();
  return preview && !Number.isNaN(preview.shownAt) ? preview.shownAt : null;
}

/** Resolves once the early preview is on screen (the page may then load Cornerstone's code); never if it is not. */
export const earlyPreviewShown = (): Promise<void> => earlyState().shown;

/** The page's own image is on screen: the early one goes (and one that loads later is not shown). */
export function removeEarlyPreview(): void {
  const st = earlyState();
  st.removed = true;
  st.preview?.img.remove();
  document.documentElement.style.background = '';
}
