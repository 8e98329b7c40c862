import { LoginPage } from '@web/features/auth/components/login-page';
import { CertLoginDialog } from '@web/features/cert-login/components/cert-login-dialog';
import { CertBridgeProvider } from '../cert-bridge';
import { GuestOnly } from '../guards';

export default function LoginRoute() {
  return (
    <GuestOnly>
      <CertBridgeProvider>
        <LoginPage extra={(onSuccess) => <CertLoginDialog onSuccess={onSuccess} />} />
      </CertBridgeProvider>
    </GuestOnly>
  );
}
