import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/core/errors';

/** The platform's error answer: {errcode, errmsg}; errcode 0 (or none) is success. */
export interface PlatformReply {
  errcode?: number;
  errmsg?: string;
}

const TIMEOUT_MS = 10_000;

/** The platform refused: the answer names its errcode and errmsg (never a secret: the request is not echoed). */
export class PlatformError extends AppError {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(422, 'WECHAT_PLATFORM', 'wxPlatformError', { errcode, errmsg }, undefined, { errcode, errmsg });
  }
}

/**
 * One call to the platform's API at WECHAT_API_BASE (path like '/cgi-bin/token'): JSON in, JSON out.
 * A non-zero errcode throws PlatformError; no answer throws UNAVAILABLE. The URL (it may carry the app
 * secret or an access token) is never put in an error or a log line.
 */
export async function platformCall<T extends object = PlatformReply>(
  deps: Pick<AppDeps, 'env'>,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const url = new URL(deps.env.WECHAT_API_BASE + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  let reply: T;
  try {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    reply = (await res.json()) as T;
  } catch {
    throw new AppError(503, 'UNAVAILABLE', 'wxPlatformUnreachable');
  }
  if (typeof reply !== 'object' || reply === null) throw new AppError(503, 'UNAVAILABLE', 'wxPlatformUnreachable');
  const { errcode, errmsg } = reply as PlatformReply;
  if (errcode) throw new PlatformError(errcode, String(errmsg ?? ''));
  return reply;
}
