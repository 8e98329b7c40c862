import pkcs11js from 'pkcs11js';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../lib/errors';
import { mapPkcs11Error, triesLeftFromFlags } from './pkcs11-errors';

// SoftHSM2 never locks a PIN, so the token answers a real key gives are built here from their codes.
const failure = (name: string, code: number) => new pkcs11js.Pkcs11Error(`${name}:${code}`, code, 'C_Login');

describe('PKCS#11 failures as the caller sees them', () => {
  it('reports a wrong PIN with the tries the token says are left', () => {
    const wrong = failure('CKR_PIN_INCORRECT', pkcs11js.CKR_PIN_INCORRECT);
    expect(mapPkcs11Error(wrong, () => null)).toMatchObject({ id: 'PIN_INCORRECT', data: { triesLeft: null } });
    expect(mapPkcs11Error(wrong, () => 1)).toMatchObject({ id: 'PIN_INCORRECT', data: { triesLeft: 1 } });
    expect(mapPkcs11Error(wrong, () => 0).id).toBe('PIN_LOCKED');
  });

  it('says a locked PIN is locked and a vanished token is not present', () => {
    expect(mapPkcs11Error(failure('CKR_PIN_LOCKED', pkcs11js.CKR_PIN_LOCKED), () => null).id).toBe('PIN_LOCKED');
    for (const [name, code] of [
      ['CKR_TOKEN_NOT_PRESENT', pkcs11js.CKR_TOKEN_NOT_PRESENT],
      ['CKR_DEVICE_REMOVED', pkcs11js.CKR_DEVICE_REMOVED],
      ['CKR_SESSION_HANDLE_INVALID', pkcs11js.CKR_SESSION_HANDLE_INVALID],
    ] as const) {
      expect(mapPkcs11Error(failure(name, code), () => null).id, name).toBe('TOKEN_NOT_PRESENT');
    }
  });

  it('keeps agent errors and hides anything else behind INTERNAL', () => {
    const own = new AgentError('CERT_NOT_FOUND', 404);
    expect(mapPkcs11Error(own, () => null)).toBe(own);
    expect(mapPkcs11Error(new Error('boom'), () => null).id).toBe('INTERNAL');
  });

  it('reads the tries left from the token flags', () => {
    expect(triesLeftFromFlags(pkcs11js.CKF_USER_PIN_LOCKED)).toBe(0);
    expect(triesLeftFromFlags(pkcs11js.CKF_USER_PIN_FINAL_TRY | pkcs11js.CKF_USER_PIN_COUNT_LOW)).toBe(1);
    expect(triesLeftFromFlags(pkcs11js.CKF_USER_PIN_COUNT_LOW)).toBeNull();
  });
});
