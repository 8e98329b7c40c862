import { Alert } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '@web/features/auth/components/login-page';
import { useQrLogin } from '@web/features/wechat/hooks/use-qr-login';
import { useSessionEndNotice } from '@web/lib/session-end-notice';
import { GuestOnly } from '../guards';

const CertLoginSlot = lazy(() => import('../cert-login-slot'));

/** Why the server signed this tab out (an administrator locked, reset or removed the account), once. */
function SessionEndAlert() {
  const { t } = useTranslation('auth');
  const reason = useSessionEndNotice((s) => s.reason);
  useEffect(() => () => useSessionEndNotice.getState().clear(), []);
  if (!reason) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t(`sessionEnded.${reason}`)}
      style={{ marginBottom: 16 }}
      data-testid="login-session-ended"
      data-reason={reason}
    />
  );
}

export default function LoginRoute() {
  const onQr = useQrLogin();
  return (
    <GuestOnly>
      <LoginPage
        onQr={onQr}
        notice={<SessionEndAlert />}
        extra={(onSuccess) => (
          <Suspense fallback={null}>
            <CertLoginSlot onSuccess={onSuccess} />
          </Suspense>
        )}
      />
    </GuestOnly>
  );
}
