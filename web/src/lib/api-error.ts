import type { ErrorId } from '@shared/errors';

export type ClientErrorId = ErrorId | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

/** A failed call: HTTP status (0 when there was no answer), the envelope's code, error id, msg and data. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ClientErrorId,
    message: string,
    readonly code?: number,
    readonly data: unknown = null,
    readonly fieldErrors: { field: string; msg: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server asks for a captcha from now on (failed sign-in). */
  get captchaRequired(): boolean {
    return (
      this.error === 'CAPTCHA_REQUIRED' ||
      this.error === 'CAPTCHA_WRONG' ||
      (typeof this.data === 'object' && this.data !== null && (this.data as { captcha?: unknown }).captcha === true)
    );
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
