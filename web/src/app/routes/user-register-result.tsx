import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { RegisterResultSchema } from '@shared/schemas/registration';
import { RegisterResult } from '@web/features/registration/components/register-result';
import { RegistrationFrame } from '../registration-frame';

/** /user/register-result (public): the activation mail was sent (the address comes in the history entry's state). */
export default function UserRegisterResultRoute() {
  const { t } = useTranslation('registration');
  const parsed = RegisterResultSchema.safeParse(useLocation().state);
  return (
    <RegistrationFrame testId="register-result-page" heading={t('result.heading')} width={520}>
      {() => (
        <RegisterResult
          email={parsed.success ? parsed.data.email : undefined}
          expiresHours={parsed.success ? parsed.data.expires_hours : undefined}
        />
      )}
    </RegistrationFrame>
  );
}
