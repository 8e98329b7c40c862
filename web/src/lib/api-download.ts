import { HTTP_TIMEOUT_MS } from '@shared/constants';
import type { Envelope } from '@shared/errors';
import { buildUrl, handleFailure, type QueryValue } from './api-client';
import { ApiError } from './api-error';
import { fileNameOf } from './content-disposition';
import { feedback } from './feedback';
import { currentLocale, i18n } from './i18n';
import { useSessionStore } from './session-store';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  /** JSON body (POST). */
  json?: unknown;
  /** The file name when the answer does not name one. */
  fallbackName?: string;
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Chromium reads the blob after the click returns: release it later, not at once.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function envelopeOf(res: Response): Promise<Envelope<unknown> | null> {
  try {
    return (await res.json()) as Envelope<unknown>;
  } catch {
    return null;
  }
}

async function failed(res: Response | null, hadToken: boolean): Promise<false> {
  const env = res && (res.headers.get('content-type') ?? '').includes('json') ? await envelopeOf(res) : null;
  if (res && (res.status === 401 || res.status === 403) && env) {
    handleFailure(new ApiError(res.status, env.error ?? 'FORBIDDEN', env.msg ?? '', env.code), hadToken, false);
    return false;
  }
  const base = i18n.t('list:downloadFailed');
  void feedback().message.error(env?.msg ? `${base}: ${env.msg}` : base);
  return false;
}

/**
 * Downloads a file the server streams (xlsx exports) with the same Authorization and Accept-Language as
 * every API call, and saves it under the server's file name. An answer that is not a file shows
 * "download failed" (with the server's message when it sent one). True when the file was saved.
 */
export async function apiDownload(path: string, opts: DownloadOptions = {}): Promise<boolean> {
  const token = useSessionStore.getState().token;
  const headers: Record<string, string> = {
    Accept: `${XLSX_TYPE}, application/octet-stream, application/json`,
    'Accept-Language': currentLocale(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.json === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    return failed(null, !!token);
  }
  const disposition = res.headers.get('content-disposition');
  if (!res.ok || !/attachment/i.test(disposition ?? '')) return failed(res, !!token);
  try {
    saveBlob(await res.blob(), fileNameOf(disposition, opts.fallbackName ?? 'export.xlsx'));
    return true;
  } catch {
    return failed(null, !!token);
  }
}
