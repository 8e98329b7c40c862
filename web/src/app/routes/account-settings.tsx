import { AccountSettingsPage } from '@web/features/account-settings/components/account-settings-page';
import { CertBinding } from '@web/features/cert-login/components/cert-binding';
import { CertBridgeProvider } from '../cert-bridge';

/** Personal settings, /account/settings (base, security, custom); the security tab binds the USB key. */
export default function AccountSettingsRoute() {
  return (
    <CertBridgeProvider>
      <AccountSettingsPage securityItems={<CertBinding />} />
    </CertBridgeProvider>
  );
}
