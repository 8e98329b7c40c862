import { useTranslation } from 'react-i18next';
import { LoginForm } from '@web/features/auth/components/login-form';
import { useFootTitle } from '@web/features/auth/api/foot-title';
import { OauthPage } from '@web/features/oauth/components/oauth-page';

/** The third-party authorisation page, signing in with the platform's own login form (captcha, AES). */
export default function PacsOauthRoute() {
  const { t } = useTranslation('apps');
  const { data: foot } = useFootTitle();
  return (
    <OauthPage
      signInForm={(send, onSuccess) => (
        <LoginForm compact foot={foot} send={send} onSuccess={onSuccess} submitText={t('oauth.submit')} />
      )}
    />
  );
}
