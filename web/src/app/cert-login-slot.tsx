import type { LoginResult } from '@shared/schemas/auth';
import { CertLoginDialog } from '@web/features/cert-login/components/cert-login-dialog';
import { CertBridgeProvider } from './cert-bridge';

/**
 * Certificate sign-in on the login page: the workstation bridge (and its message schemas) and the dialog.
 * The login route loads it lazily, so the password form is usable before the bridge has arrived.
 */
export default function CertLoginSlot({ onSuccess }: { onSuccess: (r: LoginResult) => void }) {
  return (
    <CertBridgeProvider>
      <CertLoginDialog onSuccess={onSuccess} />
    </CertBridgeProvider>
  );
}
