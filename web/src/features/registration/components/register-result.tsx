import { Button, Result } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ACTIVATION_TTL_HOURS } from '@shared/schemas/registration';
import { webmailOf } from '../lib/webmail';

interface RegisterResultProps {
  /** The address the activation mail went to (absent when the page is opened by itself). */
  email?: string;
  expiresHours?: number;
}

/** After registering: the activation mail was sent and is valid 24 hours; view the mailbox, or back to sign-in. */
export function RegisterResult({ email, expiresHours = ACTIVATION_TTL_HOURS }: RegisterResultProps) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const webmail = email ? webmailOf(email) : null;
  return (
    <Result
      status="success"
      style={{ padding: '8px 0' }}
      title={<span data-testid="register-result-title">{t('result.title')}</span>}
      subTitle={
        <span data-testid="register-result-text">
          {email ? (
            <Trans
              t={t}
              i18nKey="result.sentTo"
              values={{ email, hours: expiresHours }}
              components={{ b: <b style={{ wordBreak: 'break-all' }} /> }}
            />
          ) : (
            t('result.sent', { hours: expiresHours })
          )}
        </span>
      }
      extra={[
        webmail && (
          <Button
            key="mailbox"
            type="primary"
            href={webmail}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="register-result-mailbox"
          >
            {t('result.mailbox')}
          </Button>
        ),
        <Button
          key="login"
          type={webmail ? 'default' : 'primary'}
          onClick={() => navigate('/user/login')}
          data-testid="register-result-login"
        >
          {t('result.toLogin')}
        </Button>,
      ]}
    />
  );
}
