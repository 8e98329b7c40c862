import type { ReactNode } from 'react';
import { useEsignDialog } from '@web/features/cert-login/components/esign-dialog';
import { ReportSignerContext } from '@web/features/report-write/lib/report-signer';
import { CertBridgeProvider } from './cert-bridge';

function SignerFromDialog({ children }: { children: ReactNode }) {
  const { sign, dialog } = useEsignDialog();
  return (
    <ReportSignerContext.Provider value={sign}>
      {children}
      {dialog}
    </ReportSignerContext.Provider>
  );
}

/** The report screen's USB-key signing: the cert-login feature's PIN dialog over the workstation bridge. */
export function ReportSignerProvider({ children }: { children: ReactNode }) {
  return (
    <CertBridgeProvider>
      <SignerFromDialog>{children}</SignerFromDialog>
    </CertBridgeProvider>
  );
}
