import { useMemo, useState, type ReactNode } from 'react';
import { bridge } from '@web/features/agent-bridge/bridge';
import { useBridgeStatus, useKeyEvents } from '@web/features/agent-bridge/hooks/use-bridge';
import { CertBridgeContext, type CertBridge } from '@web/features/cert-login/lib/cert-bridge';

/** Gives the certificate dialogs the workstation bridge's keys, insertions and signing. */
export function CertBridgeProvider({ children }: { children: ReactNode }) {
  const { keys } = useBridgeStatus();
  const [insertions, setInsertions] = useState(0);
  useKeyEvents((e) => {
    if (e.type === 'key-inserted') setInsertions((n) => n + 1);
  });
  const value = useMemo<CertBridge>(
    () => ({ keys, insertions, sign: bridge.signChallenge, signReport: bridge.signReport }),
    [keys, insertions],
  );
  return <CertBridgeContext.Provider value={value}>{children}</CertBridgeContext.Provider>;
}
