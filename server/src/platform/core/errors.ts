import type { ErrorId } from '@shared/errors';
import type { MessageKey, Params } from './i18n';

/** A domain error: knows its message and status, nothing of HTTP beyond the status number. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503,
    readonly error: ErrorId,
    readonly msgKey: MessageKey,
    readonly params?: Params,
    /** Spec code when it differs from the status (700 session expired). */
    readonly code?: number,
    readonly data: unknown = null,
  ) {
    super(msgKey);
  }

  /** Field-level problems, answered as `errors` beside the message. */
  errors?: { field: string; msg: string }[];

  static validation(msgKey: MessageKey, errors: { field: string; msg: string }[]): AppError {
    const e = new AppError(400, 'VALIDATION', msgKey);
    e.errors = errors;
    return e;
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'unauthorized');
export const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', 'sessionExpired', undefined, 700);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, 'FORBIDDEN', key);
export const notFound = () => new AppError(404, 'NOT_FOUND', 'notFound');
