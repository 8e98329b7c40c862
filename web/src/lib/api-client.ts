import {
  CODE_LIST_WARNING,
  CODE_SESSION_EXPIRED,
  FAIL_TOAST_SUPPRESS_MS,
  HTTP_TIMEOUT_MS,
  NOTICE_DURATION_S,
} from '@shared/constants';
import type { Envelope } from '@shared/errors';
import { ApiError } from './api-error';
import { feedback } from './feedback';
import { currentLocale, i18n } from './i18n';
import { noticeLicence } from './licence-notice';
import { useSessionStore } from './session-store';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (the sign-in calls). */
  form?: Record<string, string>;
  /** multipart/form-data body (file uploads). */
  multipart?: FormData;
  /** A document as the body with its own content type (an MRRT template as text/html). */
  document?: { body: Blob | string; type: string };
  query?: Record<string, QueryValue>;
  /**
   * The caller shows the failure itself: no generic toast for 400/403/500 or network errors.
   * Session handling (code 700, 401 with a token) still happens.
   */
  silent?: boolean;
  signal?: AbortSignal;
}

let lastFailToastAt = 0;
let expiredDialogOpen = false;

/** A failure toast, at most one per FAIL_TOAST_SUPPRESS_MS (antd's maxCount caps how many show at once). */
function failToast(text: string): void {
  const now = Date.now();
  if (now - lastFailToastAt < FAIL_TOAST_SUPPRESS_MS) return;
  lastFailToastAt = now;
  void feedback().message.error(text);
}

function showSessionExpired(): void {
  if (expiredDialogOpen) return;
  expiredDialogOpen = true;
  feedback().modal.warning({
    title: i18n.t('common:errors.sessionExpiredTitle'),
    content: i18n.t('common:errors.sessionExpired'),
    okText: i18n.t('common:errors.signInAgain'),
    keyboard: false,
    onOk: () => {
      useSessionStore.getState().clear();
      window.location.reload();
    },
  });
}

/** What the user sees for a failed call (the table in docs/web.md); shared with `apiDownload`. */
export function handleFailure(err: ApiError, hadToken: boolean, silent: boolean): void {
  if (err.status === 401 && err.code === CODE_SESSION_EXPIRED) {
    showSessionExpired();
    return;
  }
  if (err.status === 401) {
    if (hadToken) {
      failToast(err.message || i18n.t('common:errors.unauthorized'));
      // The route guard sees the missing token and sends the user to the login page.
      useSessionStore.getState().clear();
    } else if (!silent) failToast(err.message || i18n.t('common:errors.unauthorized'));
    return;
  }
  if (silent) return;
  if (err.status === 403) {
    feedback().notification.error({
      title: i18n.t('common:errors.forbidden'),
      description: err.message,
      duration: NOTICE_DURATION_S,
    });
  } else if (err.code === CODE_LIST_WARNING) {
    void feedback().message.warning(err.message);
  } else if (err.status >= 500) {
    failToast(i18n.t('common:errors.server'));
  } else if (err.error === 'NETWORK' || err.error === 'TIMEOUT' || err.error === 'BAD_RESPONSE') {
    failToast(err.message);
  } else {
    failToast(err.message || i18n.t('common:errors.generic'));
  }
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The headers every call carries: the caller's language and the session token (an upload's XHR uses them too). */
export function requestHeaders(token = useSessionStore.getState().token): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers = requestHeaders(token);
  let body: string | FormData | Blob | undefined;
  if (opts.document) {
    headers['Content-Type'] = opts.document.type;
    body = opts.document.body;
  } else if (opts.multipart) {
    body = opts.multipart; // the browser sets the multipart content type with its boundary
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined || opts.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json ?? {});
  }
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e; // the caller cancelled (TanStack Query): not a failure to report
    const timedOut = timeout.aborted;
    throw new ApiError(
      0,
      timedOut ? 'TIMEOUT' : 'NETWORK',
      i18n.t(timedOut ? 'common:errors.timeout' : 'common:errors.network'),
    );
  }
}

/** Calls the API and returns the whole envelope (the sign-in answer has fields beside `data`). */
export async function request<T>(
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T> & Record<string, unknown>> {
  const token = useSessionStore.getState().token;
  try {
    const res = await send(path, opts, token);
    noticeLicence(res.headers);
    let env: (Envelope<T> & Record<string, unknown>) | null = null;
    try {
      env = (await res.json()) as Envelope<T> & Record<string, unknown>;
    } catch (e) {
      // Cancelled while the body was still arriving (the screen was left): not a failure to report.
      if (opts.signal?.aborted) throw e;
      env = null;
    }
    if (!env || typeof env !== 'object') {
      throw new ApiError(res.status, res.ok ? 'BAD_RESPONSE' : 'INTERNAL', i18n.t('common:errors.generic'));
    }
    if (!res.ok || env.success === false) {
      throw new ApiError(
        res.status,
        env.error ?? (res.status >= 500 ? 'INTERNAL' : 'VALIDATION'),
        env.msg ?? '',
        env.code,
        env.data ?? null,
        env.errors ?? [],
      );
    }
    return env;
  } catch (e) {
    if (e instanceof ApiError) handleFailure(e, !!token, !!opts.silent);
    throw e;
  }
}

export async function apiGet<T>(path: string, query?: Record<string, QueryValue>, opts: RequestOptions = {}) {
  return (await request<T>(path, { ...opts, method: 'GET', query })).data;
}

export async function apiPost<T>(path: string, json?: unknown, opts: RequestOptions = {}) {
  return (await request<T>(path, { ...opts, method: 'POST', json: json ?? {} })).data;
}

/** Replaces a resource with the given JSON. */
export async function apiPut<T>(path: string, json: unknown, opts: RequestOptions = {}) {
  return (await request<T>(path, { ...opts, method: 'PUT', json })).data;
}

/** Posts a document (its bytes and content type) and returns the envelope's data. */
export async function apiPostDocument<T>(path: string, body: Blob | string, type: string, opts: RequestOptions = {}) {
  return (await request<T>(path, { ...opts, method: 'POST', document: { body, type } })).data;
}

/** Posts a multipart form (a file upload) and returns the envelope's data. */
export async function apiPostForm<T>(path: string, form: FormData, opts: RequestOptions = {}) {
  return (await request<T>(path, { ...opts, method: 'POST', multipart: form })).data;
}
