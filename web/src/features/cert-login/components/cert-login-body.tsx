import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@shared/schemas/auth';
import { CERT_LOGIN_PIN_MAX } from '@shared/schemas/cert';
import { feedback } from '@web/lib/feedback';
import { certLogin } from '../api/cert';
import { useCertBridge } from '../lib/cert-bridge';
import { describeFailure } from '../lib/describe-failure';
import { proveKey } from '../lib/sign-flow';
import { PinForm, type PinFormValues } from './pin-form';

export interface CertLoginBodyProps {
  /** The login page's own success handler: the session is stored exactly as for the password sign-in. */
  onSuccess: (result: LoginResult) => void;
}

/** PIN, sign the server's challenge with the key, sign in. Unmounted on close, so no error lingers. */
export default function CertLoginBody({ onSuccess }: CertLoginBodyProps) {
  const { t } = useTranslation('account');
  const bridge = useCertBridge();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async ({ certificate_id, pin }: PinFormValues) => {
    setBusy(true);
    setError('');
    try {
      const result = await certLogin(await proveKey(bridge, 'login', pin, certificate_id));
      if (result.cert_expire_warning) {
        feedback().notification.warning({ title: t('cert.expiryTitle'), description: result.cert_expire_warning });
      }
      onSuccess(result);
    } catch (e) {
      setError(describeFailure(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="cert-login-dialog">
      <PinForm
        keys={bridge.keys}
        pinMax={CERT_LOGIN_PIN_MAX}
        busy={busy}
        error={error}
        submitText={t('cert.loginSubmit')}
        onSubmit={(v) => void submit(v)}
        testIdPrefix="cert-login"
      />
    </div>
  );
}
