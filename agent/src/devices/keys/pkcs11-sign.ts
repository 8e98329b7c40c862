import { createHash } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import { AgentError } from '../../lib/errors';
import type { SignOutput } from './key-store';
import { mapPkcs11Error, triesLeftFromFlags } from './pkcs11-errors';
import { findObjects, presentSlots, type Session, withSession } from './pkcs11-tokens';

function signWithKey(p: pkcs11js.PKCS11, session: Session, key: Buffer, payload: Uint8Array) {
  const keyType = p.C_GetAttributeValue(session, key, [{ type: pkcs11js.CKA_KEY_TYPE }])[0]?.value;
  const isEc = keyType !== undefined && keyType.length > 0 && keyType.readUInt8(0) === pkcs11js.CKK_EC;
  const data = isEc ? createHash('sha256').update(payload).digest() : Buffer.from(payload);
  p.C_SignInit(session, { mechanism: isEc ? pkcs11js.CKM_ECDSA : pkcs11js.CKM_SHA256_RSA_PKCS }, key);
  const signature = p.C_Sign(session, data, Buffer.alloc(1024));
  return { signature: Buffer.from(signature), algorithm: isEc ? 'ES256' : 'RS256' } as const;
}

/** Signs on the slot whose token holds certificate `id`; null when this slot does not hold it. */
function signOnSlot(p: pkcs11js.PKCS11, slot: Buffer, id: Buffer, payload: Uint8Array, pin: string) {
  return withSession(p, slot, (session): SignOutput | null => {
    const [cert] = findObjects(p, session, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_CERTIFICATE },
      { type: pkcs11js.CKA_ID, value: id },
    ]);
    if (!cert) return null;
    const certificate = p.C_GetAttributeValue(session, cert, [{ type: pkcs11js.CKA_VALUE }])[0]?.value;
    try {
      p.C_Login(session, pkcs11js.CKU_USER, pin);
    } catch (e) {
      throw mapPkcs11Error(e, () => triesLeftFromFlags(p.C_GetTokenInfo(slot).flags));
    }
    try {
      const [key] = findObjects(p, session, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY },
        { type: pkcs11js.CKA_ID, value: id },
      ]);
      if (!key || !certificate) throw new AgentError('CERT_NOT_FOUND', 404);
      return { ...signWithKey(p, session, key, payload), certificate };
    } finally {
      try {
        p.C_Logout(session);
      } catch {
        // the token may have gone
      }
    }
  });
}

/** Signs `payload` with the private key whose CKA_ID is `certificateId` (hex), on whichever token holds it. */
export function signWithToken(p: pkcs11js.PKCS11, certificateId: string, payload: Uint8Array, pin: string): SignOutput {
  const slots = presentSlots(p);
  if (slots.length === 0) throw new AgentError('TOKEN_NOT_PRESENT', 404);
  const id = Buffer.from(certificateId, 'hex');
  for (const slot of slots) {
    const found = signOnSlot(p, slot, id, payload, pin);
    if (found) return found;
  }
  throw new AgentError('CERT_NOT_FOUND', 404);
}
