import type { MiddlewareHandler } from 'hono';
import { WEB_BASE } from '@shared/constants';
import type { AppEnv } from '../context';
import type { Env } from '../core/env';
import { AppError } from '../core/errors';
import { pathSet } from './path-pattern';
import { STRAINED_WAIT_MS, type Strain } from '../strain';

export interface GateOptions {
  /** Requests handled at once; the rest wait their turn. */
  concurrency: number;
  /** Requests allowed to wait; one more is refused at once. */
  queue: number;
  /** How long a request may wait for its turn before it is refused. */
  maxWaitMs: number;
  /** Paths that never wait (health, metrics, static files, streamed uploads with their own gate). */
  exempt(path: string): boolean;
  /** Told of each request turned away, and of each that waited over STRAINED_WAIT_MS. */
  strain?: Strain;
}

/**
 * Load shedding (issue 35): at most `concurrency` requests are in their handlers at once (a handler returning a
 * streamed answer leaves as it starts streaming); up to `queue` more wait, first come first served, at most
 * `maxWaitMs`; beyond either, 503 with Retry-After. On the embedded database every query waits for one
 * connection, so without this a burst queues there without bound and a user waits minutes; with it the excess
 * is told at once to come back and those admitted are answered in time.
 */
export function requestGate(o: GateOptions): MiddlewareHandler<AppEnv> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const retryAfter = Math.max(1, Math.ceil(o.maxWaitMs / 1000));
  const busy = () => new AppError(503, 'UNAVAILABLE', 'serverBusy', { seconds: retryAfter });
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (c, next) => {
    if (o.exempt(c.req.path)) return next();
    if (active >= o.concurrency) {
      if (waiting.length >= o.queue) {
        o.strain?.note('shed');
        c.header('retry-after', String(retryAfter));
        throw busy();
      }
      const queued = performance.now();
      const turn = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const at = waiting.indexOf(wake);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        }, o.maxWaitMs);
        waiting.push(wake);
      });
      if (!turn) {
        o.strain?.note('shed');
        c.header('retry-after', String(retryAfter));
        throw busy();
      }
      if (performance.now() - queued > STRAINED_WAIT_MS) o.strain?.note('waited');
      // the slot passed on by release(): active stays as it was
    } else active++;
    try {
      await next();
    } finally {
      release();
    }
  };
}

/** The app's gate, from the settings: uploads have their own gate; the web app's files and the probes touch no database. */
export function shedLoad(env: Env, streamedBodies: Iterable<string>, strain?: Strain): MiddlewareHandler<AppEnv> {
  const unqueued = pathSet([...streamedBodies, '/healthz', '/metrics', '/ops/backup']);
  const web = WEB_BASE.replace(/\/$/, '');
  return requestGate({
    concurrency: env.REQUEST_CONCURRENCY,
    queue: env.REQUEST_QUEUE,
    maxWaitMs: env.REQUEST_WAIT_MS,
    exempt: (p) => unqueued.has(p) || p === '/' || p === web || p.startsWith(`${web}/`),
    strain,
  });
}
