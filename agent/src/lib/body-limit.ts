import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from './respond';

/** Beyond this, an oversized body is not read to the end: the connection is simply closed. */
const DRAIN_MAX = 64 * 1024 * 1024;

async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    if (total > DRAIN_MAX) {
      await reader.cancel();
      return;
    }
  }
}

/**
 * 413 envelope for bodies over `max`. A body announced too large is read and dropped first: answering
 * while the client is still sending makes many clients see a reset instead of the answer.
 */
export function limitBody(max: number): MiddlewareHandler {
  const streaming = bodyLimit({ maxSize: max, onError: (c) => fail(c, 'TOO_LARGE', 413) });
  return async (c, next) => {
    if (Number(c.req.header('content-length')) > max) {
      await drain(c.req.raw.body);
      return fail(c, 'TOO_LARGE', 413);
    }
    return streaming(c, next);
  };
}
