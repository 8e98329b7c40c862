import type { IncomingMessage } from 'node:http';

/**
 * Only the platform's own pages may open the socket: the Origin must be PUBLIC_ORIGIN when it is set, else
 * the origin the request reached (its Host). No Origin (not a browser) is refused too.
 */
export function originAllowed(req: IncomingMessage, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (publicOrigin) return url.origin === publicOrigin;
  return Boolean(req.headers.host) && url.host === req.headers.host;
}
