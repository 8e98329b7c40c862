/**
 * What a database failure means for the caller. `unavailable`: the database cannot be reached or is
 * shutting down, or a statement ran past the statement timeout (the caller may retry: 503); `bad-input`: a value the database cannot hold slipped past
 * validation (out of an integer's range, text it cannot store: 400). Anything else is a fault of ours (500).
 * Drizzle wraps driver errors, so the whole cause chain is looked at.
 */
export type DbFailure = 'unavailable' | 'bad-input';

// SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now), 57014 (cancelled:
// the statement timeout).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|57014)$/;
const BAD_INPUT_STATES = new Set(['22003', '22P02', '22021', '22P05', '22001', '22007', '22008']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error/i;

export function dbFailure(err: unknown): DbFailure | null {
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== 'object') break;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)) return 'unavailable';
      if (BAD_INPUT_STATES.has(code)) return 'bad-input';
    }
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return 'unavailable';
    e = cause;
  }
  return null;
}
