import { createContext, useContext } from 'react';
import type { KeyToken, SignResult } from '@shared/agent/api';

/**
 * What the certificate dialogs need from the workstation bridge. The app layer provides it from the
 * agent-bridge feature (features do not import each other).
 */
export interface CertBridge {
  /** USB keys present now. */
  keys: KeyToken[];
  /** Grows by one at each key insertion: a dismissed dialog opens again for a new key. */
  insertions: number;
  sign(i: { challenge: string; pin: string; certificate_id: string }): Promise<SignResult>;
  /** Signs a report document (shared/src/report/signature.ts) with the key. */
  signReport(i: { document: string; pin: string; certificate_id: string }): Promise<SignResult>;
}

const noBridge: CertBridge = {
  keys: [],
  insertions: 0,
  sign: () => Promise.reject(new Error('no workstation bridge')),
  signReport: () => Promise.reject(new Error('no workstation bridge')),
};

export const CertBridgeContext = createContext<CertBridge>(noBridge);
export const useCertBridge = () => useContext(CertBridgeContext);
