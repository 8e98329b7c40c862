import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from '../context';
import { dbFailure } from '../db/errors';
import { t } from '../core/i18n';
import { loggableError } from '../core/log-error';
import { AppError } from '../core/errors';

/** Every failure as the spec's envelope in the caller's language: 4xx as thrown, 503 for the database, else 500. */
export function onError(deps: AppDeps): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof AppError) {
      const code = err.code ?? err.status;
      return c.json(
        {
          success: false,
          msg: t(c, err.msgKey, err.params),
          data: err.data,
          code,
          error: err.error,
          ...(err.errors ? { errors: err.errors } : {}),
        },
        err.status,
      );
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own client errors, such as malformed JSON.
      return c.json(
        {
          success: false,
          msg: `${t(c, 'validation')}: ${err.message}`,
          data: null,
          code: err.status,
          error: 'VALIDATION',
        },
        err.status,
      );
    }
    const failure = dbFailure(err);
    if (failure === 'unavailable') {
      // The database is away (restarting, unreachable): a retry later works, so 503, and no stack trace.
      deps.log.warn({ reqId: c.var.requestId, err: loggableError(err) }, 'database unavailable');
      return c.json({ success: false, msg: t(c, 'dbUnavailable'), data: null, code: 503, error: 'UNAVAILABLE' }, 503);
    }
    if (failure === 'bad-input') {
      // A value the database cannot hold that validation let through: the caller's input, not our fault.
      deps.log.warn({ reqId: c.var.requestId, err: loggableError(err) }, 'value refused by the database');
      return c.json({ success: false, msg: t(c, 'validation'), data: null, code: 400, error: 'VALIDATION' }, 400);
    }
    deps.log.error({ reqId: c.var.requestId, err: loggableError(err) }, 'unhandled error');
    return c.json({ success: false, msg: t(c, 'internal'), data: null, code: 500, error: 'INTERNAL' }, 500);
  };
}
