import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RegisterResult } from '@shared/schemas/registration';
import { RegisterForm } from '@web/features/registration/components/register-form';
import { RegistrationFrame } from '../registration-frame';

/** /user/register (public): staff self-registration. */
export default function UserRegisterRoute() {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  // The result page reads the address from the history entry's state: it stays out of the URL.
  const onRegistered = (r: RegisterResult) => navigate('/user/register-result', { state: r });
  return (
    <RegistrationFrame testId="register-page" heading={t('heading')} width={440}>
      {(foot) => <RegisterForm strictPassword={foot?.use_password_check === 'Y'} onRegistered={onRegistered} />}
    </RegistrationFrame>
  );
}
