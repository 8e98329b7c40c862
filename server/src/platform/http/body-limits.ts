import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { AppError } from '../core/errors';
import { pathSet } from './path-pattern';

/** The default limit of a request body: 1 MiB. */
export const MAX_BODY = 1024 * 1024;

const tooLarge = () => {
  throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
};

// A body with its length in the header is judged by it; a chunked one is counted by hono's bodyLimit.
// (bodyLimit alone would read `raw.body` first, which turns @hono/node-server's light request into a
// full web Request and its body into a web stream: 0.15 ms a request for nothing.)
function limitOf(maxSize: number): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return parseInt(length, 10) > maxSize ? tooLarge() : next();
  };
}

/**
 * Every body within its limit: the default, a larger one for the uploads read whole (applied here too: the
 * input guard reads every body), none for the streamed uploads, which count their bytes as they arrive
 * (hono's bodyLimit would buffer a chunked body). A streamed path may name `{param}` segments.
 */
export function bodyLimits(
  larger: Iterable<[string, number]>,
  streamed: ReadonlySet<string>,
): MiddlewareHandler<AppEnv> {
  const limit = limitOf(MAX_BODY);
  const uploadLimits = new Map([...larger].map(([path, max]) => [path, limitOf(max)]));
  const isStreamed = pathSet(streamed);
  return (c, next) => (isStreamed.has(c.req.path) ? next() : (uploadLimits.get(c.req.path) ?? limit)(c, next));
}
