import { LoginPage } from '@web/features/auth/components/login-page';
import { GuestOnly } from '../guards';

export default function LoginRoute() {
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}
