import pkcs11js from 'pkcs11js';
import { AgentError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { SerialQueue } from '../../lib/serial-queue';
import type { KeyStore } from './key-store';
import { mapPkcs11Error } from './pkcs11-errors';
import { signWithToken } from './pkcs11-sign';
import { listTokens } from './pkcs11-tokens';

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
          return listTokens(reinitialise());
        } catch (e) {
          throw failure(e);
        }
      }),
    sign: (certificateId, payload, pin) =>
      queue.run(() => {
        try {
          return signWithToken(reinitialise(), certificateId, payload, pin);
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
