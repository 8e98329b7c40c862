import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../lib/errors';

const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000')
    : Array.isArray(v)
      ? v.some(hasNul)
      : v !== null && typeof v === 'object'
        ? Object.values(v).some(hasNul)
        : false;

/**
 * PostgreSQL text cannot hold U+0000, so any input carrying it is refused here with a 400 rather than
 * failing in the database. Hono caches the parsed body, so validators read it again for free.
 */
export function rejectNulChars(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const invalid = () => new AppError(400, 'VALIDATION', 'invalidChar');
    if (hasNul(c.req.queries())) throw invalid();
    const type = c.req.header('content-type') ?? '';
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (type.includes('application/json')) {
        const body = await c.req.json().catch(() => undefined); // malformed JSON: the validator answers
        if (hasNul(body)) throw invalid();
      } else if (type.includes('x-www-form-urlencoded') || type.includes('multipart/form-data')) {
        if (hasNul(await c.req.parseBody({ all: true }))) throw invalid();
      }
    }
    await next();
  };
}
