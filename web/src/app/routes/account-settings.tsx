import { InDevelopment } from '@web/components/in-development';

/** Personal settings, /account/settings (base, security, custom) (placeholder until its feature lands). */
export default function AccountSettingsRoute() {
  return <InDevelopment />;
}
