import { Alert } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '@web/features/auth/components/login-page';
import { useQrLogin } from '@web/features/wechat-login/hooks/use-qr-login';
import { allTexts } from '@web/lib/i18n';
import { useSessionEndNotice } from '@web/lib/session-end-notice';
import { useIdleReached } from '@web/lib/when-idle';
import { GuestOnly } from '../guards';
import { prefetchSignedIn } from '../signed-in-code';

// The certificate sign-in (the workstation bridge and its message schemas, a tenth of the page's script) is
// asked for once the password form has painted and the browser is idle: it never delays the form. It
// brings the other screens' texts along (its dialog's among them), ready for the page after sign-in; once
// it is in, the code of the first signed-in page follows.
const CertLoginSlot = lazy(async () => {
  const [slot] = await Promise.all([import('../cert-login-slot'), allTexts()]);
  prefetchSignedIn();
  return slot;
});
const CERT_SLOT_LATEST_MS = 1000;

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
  const certSlotWanted = useIdleReached(CERT_SLOT_LATEST_MS);
  return (
    <GuestOnly>
      <LoginPage
        onQr={onQr}
        notice={<SessionEndAlert />}
        extra={(onSuccess) =>
          certSlotWanted && (
            <Suspense fallback={null}>
              <CertLoginSlot onSuccess={onSuccess} />
            </Suspense>
          )
        }
      />
    </GuestOnly>
  );
}
