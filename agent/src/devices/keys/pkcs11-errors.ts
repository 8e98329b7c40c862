import pkcs11js from 'pkcs11js';
import { AgentError } from '../../lib/errors';

const GONE = new Set([
  pkcs11js.CKR_TOKEN_NOT_PRESENT,
  pkcs11js.CKR_DEVICE_REMOVED,
  pkcs11js.CKR_SESSION_HANDLE_INVALID,
  pkcs11js.CKR_SESSION_CLOSED,
  pkcs11js.CKR_SLOT_ID_INVALID,
  pkcs11js.CKR_TOKEN_NOT_RECOGNIZED,
  pkcs11js.CKR_OBJECT_HANDLE_INVALID,
  pkcs11js.CKR_KEY_HANDLE_INVALID,
]);

/** Turns a PKCS#11 failure into the caller's error; `triesLeft` is read from the token flags after a wrong PIN. */
export function mapPkcs11Error(error: unknown, triesLeft: () => number | null): AgentError {
  if (error instanceof AgentError) return error;
  if (error instanceof pkcs11js.Pkcs11Error) {
    if (error.code === pkcs11js.CKR_PIN_LOCKED) return new AgentError('PIN_LOCKED', 403);
    if (error.code === pkcs11js.CKR_PIN_INCORRECT || error.code === pkcs11js.CKR_PIN_LEN_RANGE) {
      const left = triesLeft();
      return left === 0 ? new AgentError('PIN_LOCKED', 403) : new AgentError('PIN_INCORRECT', 403, { triesLeft: left });
    }
    if (GONE.has(error.code)) return new AgentError('TOKEN_NOT_PRESENT', 404);
  }
  return new AgentError('INTERNAL', 500);
}

/** Tries left from token flags: 0 locked, 1 final try, null when the token does not say. */
export function triesLeftFromFlags(flags: number): number | null {
  if (flags & pkcs11js.CKF_USER_PIN_LOCKED) return 0;
  if (flags & pkcs11js.CKF_USER_PIN_FINAL_TRY) return 1;
  return null;
}
