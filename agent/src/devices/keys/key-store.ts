import type { KeyToken, SignAlgorithm } from '@shared/agent/api';

export interface SignOutput {
  signature: Buffer;
  algorithm: SignAlgorithm;
  certificate: Buffer;
}

/** The doctor's USB keys. Implementations serialise their calls; errors are AgentErrors. */
export interface KeyStore {
  /** Whether the PKCS#11 module is loaded. */
  readonly available: boolean;
  /** Tokens present now, with their certificates. */
  list: () => Promise<KeyToken[]>;
  /** Signs `payload` with the private key whose CKA_ID is `certificateId` (hex), after logging in with `pin`. */
  sign: (certificateId: string, payload: Uint8Array, pin: string) => Promise<SignOutput>;
  close: () => void;
}
