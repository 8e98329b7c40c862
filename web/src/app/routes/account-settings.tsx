import { AccountSettingsPage } from '@web/features/account-settings/components/account-settings-page';
import { CertBinding } from '@web/features/cert-login/components/cert-binding';
import { PublicAccountBinding } from '@web/features/wechat-public/components/public-account-binding';
import { WechatBinding } from '@web/features/wechat-login/components/wechat-binding';
import { CertBridgeProvider } from '../cert-bridge';

/** Personal settings, /account/settings (base, security, custom); the security tab binds the USB key and the public account. */
export default function AccountSettingsRoute() {
  return (
    <CertBridgeProvider>
      <AccountSettingsPage
        securityItems={
          <>
            <CertBinding />
            <WechatBinding />
            <PublicAccountBinding />
          </>
        }
      />
    </CertBridgeProvider>
  );
}
