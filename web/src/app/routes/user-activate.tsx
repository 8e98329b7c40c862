import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ActivationView } from '@web/features/registration/components/activation-view';
import { RegistrationFrame } from '../registration-frame';

/**
 * /user/activate?token=… (public), the activation mail's link (#/user/activate?token=: the token is in the
 * fragment, so it reaches no server log or Referer). The token is taken from the address once and the
 * address replaced without it, so it stays out of the history and of anything that reads the page's URL.
 */
export default function UserActivateRoute() {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token'));
  return (
    <RegistrationFrame testId="activate-page" heading={t('activate.heading')} width={480}>
      {() => <ActivationView token={token} onTokenTaken={() => navigate('/user/activate', { replace: true })} />}
    </RegistrationFrame>
  );
}
