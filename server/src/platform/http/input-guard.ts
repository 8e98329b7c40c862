import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../core/errors';
import { decodeFormStrict, holdsBadText, jsonDepth, MAX_JSON_DEPTH } from '../core/input-text';
import { pathSet } from './path-pattern';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const invalidChar = () => new AppError(400, 'VALIDATION', 'invalidChar');

/** The body as text, refusing bytes that are not UTF-8 (a decoder would replace them silently). */
async function strictText(body: ArrayBuffer): Promise<string> {
  try {
    return utf8.decode(body);
  } catch {
    throw invalidChar();
  }
}

/**
 * Refuses, before any handler or validator sees it, input the database could not store or that would cost
 * the server its stack: bad text (lib/input-text) in the query or the body, keys included, and JSON nested
 * deeper than MAX_JSON_DEPTH. Answers 400 with the envelope. Hono caches the body, so validators read it again.
 */
export function inputGuard(o: { streamedBodies?: ReadonlySet<string> } = {}): MiddlewareHandler<AppEnv> {
  const streamed = pathSet(o.streamedBodies ?? []);
  return async (c, next) => {
    const query = new URL(c.req.url).search.slice(1);
    const pairs = decodeFormStrict(query);
    if (!pairs || holdsBadText(pairs)) throw invalidChar();
    // A streamed upload's route checks its fields and file name itself, as it reads them.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !streamed.has(c.req.path)) {
      const type = c.req.header('content-type') ?? '';
      if (type.includes('application/json')) {
        const text = await strictText(await c.req.arrayBuffer());
        // The validators read the body as text next: this text, rather than a web Response made to decode it again.
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
        if (jsonDepth(text) > MAX_JSON_DEPTH) {
          throw new AppError(400, 'VALIDATION', 'tooDeep', { max: MAX_JSON_DEPTH });
        }
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined; // malformed JSON: the route's validator answers it
        }
        if (holdsBadText(body)) throw invalidChar();
      } else if (type.includes('x-www-form-urlencoded')) {
        const form = decodeFormStrict(await strictText(await c.req.arrayBuffer()));
        if (!form || holdsBadText(form)) throw invalidChar();
      } else if (type.includes('multipart/form-data')) {
        if (holdsBadText(await c.req.parseBody({ all: true }))) throw invalidChar();
      }
    }
    await next();
  };
}
