import { lazy, Suspense } from 'react';
import { LoginPage } from '@web/features/auth/components/login-page';
import { GuestOnly } from '../guards';

const CertLoginSlot = lazy(() => import('../cert-login-slot'));

export default function LoginRoute() {
  return (
    <GuestOnly>
      <LoginPage
        extra={(onSuccess) => (
          <Suspense fallback={null}>
            <CertLoginSlot onSuccess={onSuccess} />
          </Suspense>
        )}
      />
    </GuestOnly>
  );
}
