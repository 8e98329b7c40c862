import { createHash, X509Certificate } from 'node:crypto';
import pkcs11js from 'pkcs11js';
import type { KeyToken } from '@shared/agent/api';
import { AgentError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { SerialQueue } from '../../lib/serial-queue';
import type { KeyStore, SignOutput } from './key-store';
import { mapPkcs11Error, triesLeftFromFlags } from './pkcs11-errors';

type Session = Buffer;

/**
 * KeyStore over a PKCS#11 module (pkcs11js). The module loads lazily and a failed load is retried on the
 * next call, so a missing driver leaves the other capabilities up. Every call runs alone and starts from a
 * fresh C_Finalize + C_Initialize: an initialised library never sees tokens come or go.
 */
export function pkcs11KeyStore(modulePath: string, logger: Logger): KeyStore {
  const queue = new SerialQueue();
  let lib: pkcs11js.PKCS11 | null = null;
  let initialised = false;
  let loadFailed = false;

  function reinitialise(): pkcs11js.PKCS11 {
    if (!lib) {
      if (!modulePath) throw new AgentError('PKCS11_UNAVAILABLE', 503);
      const candidate = new pkcs11js.PKCS11();
      try {
        candidate.load(modulePath);
      } catch (e) {
        if (!loadFailed) logger.warn({ module: modulePath, err: (e as Error).message }, 'pkcs11 module failed to load');
        loadFailed = true;
        throw new AgentError('PKCS11_UNAVAILABLE', 503);
      }
      lib = candidate;
      loadFailed = false;
    }
    if (initialised) {
      try {
        lib.C_Finalize();
      } catch {
        // already finalised: nothing to undo
      }
    }
    lib.C_Initialize();
    initialised = true;
    return lib;
  }

  function presentSlots(p: pkcs11js.PKCS11): Buffer[] {
    return p.C_GetSlotList(true).filter((slot) => p.C_GetTokenInfo(slot).flags & pkcs11js.CKF_TOKEN_INITIALIZED);
  }

  function findObjects(p: pkcs11js.PKCS11, session: Session, template: pkcs11js.Template): Buffer[] {
    p.C_FindObjectsInit(session, template);
    try {
      return p.C_FindObjects(session, 64);
    } finally {
      p.C_FindObjectsFinal(session);
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

  function withSession<T>(p: pkcs11js.PKCS11, slot: Buffer, use: (session: Session) => T): T {
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

  function listNow(p: pkcs11js.PKCS11): KeyToken[] {
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

  function signNow(p: pkcs11js.PKCS11, certificateId: string, payload: Uint8Array, pin: string): SignOutput {
    const slots = presentSlots(p);
    if (slots.length === 0) throw new AgentError('TOKEN_NOT_PRESENT', 404);
    const id = Buffer.from(certificateId, 'hex');
    for (const slot of slots) {
      const found = withSession(p, slot, (session) => {
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
          const keyType = p.C_GetAttributeValue(session, key, [{ type: pkcs11js.CKA_KEY_TYPE }])[0]?.value;
          const isEc = keyType !== undefined && keyType.length > 0 && keyType.readUInt8(0) === pkcs11js.CKK_EC;
          const data = isEc ? createHash('sha256').update(payload).digest() : Buffer.from(payload);
          p.C_SignInit(session, { mechanism: isEc ? pkcs11js.CKM_ECDSA : pkcs11js.CKM_SHA256_RSA_PKCS }, key);
          const signature = p.C_Sign(session, data, Buffer.alloc(1024));
          return { signature: Buffer.from(signature), algorithm: isEc ? 'ES256' : 'RS256', certificate } as const;
        } finally {
          try {
            p.C_Logout(session);
          } catch {
            // the token may have gone
          }
        }
      });
      if (found) return found;
    }
    throw new AgentError('CERT_NOT_FOUND', 404);
  }

  function failure(e: unknown): AgentError {
    const mapped = mapPkcs11Error(e, () => null);
    if (mapped.id === 'INTERNAL') logger.error({ err: (e as Error).message }, 'pkcs11 call failed');
    return mapped;
  }

  const store: KeyStore = {
    get available() {
      return lib !== null;
    },
    list: () =>
      queue.run(() => {
        try {
          return listNow(reinitialise());
        } catch (e) {
          throw failure(e);
        }
      }),
    sign: (certificateId, payload, pin) =>
      queue.run(() => {
        try {
          return signNow(reinitialise(), certificateId, payload, pin);
        } catch (e) {
          throw failure(e);
        }
      }),
    close: () => {
      if (lib && initialised) {
        try {
          lib.C_Finalize();
        } catch {
          // nothing to release
        }
      }
      initialised = false;
    },
  };
  return store;
}
