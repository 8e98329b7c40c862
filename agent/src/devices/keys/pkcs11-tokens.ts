import { X509Certificate } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import type { KeyToken } from '@shared/agent/api';

export type Session = Buffer;

export function presentSlots(p: pkcs11js.PKCS11): Buffer[] {
  return p.C_GetSlotList(true).filter((slot) => p.C_GetTokenInfo(slot).flags & pkcs11js.CKF_TOKEN_INITIALIZED);
}

export function findObjects(p: pkcs11js.PKCS11, session: Session, template: pkcs11js.Template): Buffer[] {
  p.C_FindObjectsInit(session, template);
  try {
    return p.C_FindObjects(session, 64);
  } finally {
    p.C_FindObjectsFinal(session);
  }
}

export function withSession<T>(p: pkcs11js.PKCS11, slot: Buffer, use: (session: Session) => T): T {
  const session = p.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
  try {
    return use(session);
  } finally {
    try {
      p.C_CloseSession(session);
    } catch {
      // the token may have gone; the session died with it
    }
  }
}

function certificates(p: pkcs11js.PKCS11, session: Session) {
  const handles = findObjects(p, session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_CERTIFICATE }]);
  return handles.flatMap((h) => {
    const [id, value] = p.C_GetAttributeValue(session, h, [{ type: pkcs11js.CKA_ID }, { type: pkcs11js.CKA_VALUE }]);
    if (!id?.value || !value?.value) return [];
    try {
      const x509 = new X509Certificate(value.value);
      return [
        {
          id: id.value.toString('hex'),
          subject: x509.subject.replaceAll('\n', ', '),
          notAfter: new Date(x509.validTo).toISOString(),
          der: value.value.toString('base64'),
        },
      ];
    } catch {
      return []; // not an X.509 certificate we can read
    }
  });
}

/** The tokens present now, each with the certificates it holds. */
export function listTokens(p: pkcs11js.PKCS11): KeyToken[] {
  return presentSlots(p).flatMap((slot) => {
    try {
      const info = p.C_GetTokenInfo(slot);
      return [
        {
          slot: slot.toString('hex'),
          label: info.label.trim(),
          serial: info.serialNumber.trim(),
          certificates: withSession(p, slot, (s) => certificates(p, s)),
        },
      ];
    } catch {
      return []; // removed while being read: the next poll reports it gone
    }
  });
}
