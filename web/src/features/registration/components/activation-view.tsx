import { Button, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useActivate } from '../api/registration';
import { refusalOutcome, type ActivationOutcome } from '../lib/activation-outcome';
import { ResendActivationForm } from './resend-activation-form';

const STATUS: Record<ActivationOutcome, ResultProps['status']> = {
  awaiting_assignment: 'success',
  active: 'success',
  used: 'info',
  expired: 'warning',
  unknown: 'warning',
  failed: 'error',
};

/**
 * Opens the mail's link: the token is sent once (the link works once; a second call would answer "used"),
 * and the page's address loses it at once (docs/registration.md: kept out of history and referrers).
 */
export function ActivationView({ token, onTokenTaken }: { token: string | null; onTokenTaken: () => void }) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const activate = useActivate();
  const [outcome, setOutcome] = useState<ActivationOutcome | null>(token ? null : 'unknown');
  const [username, setUsername] = useState('');
  const sent = useRef(false);

  const run = (value: string) => {
    setOutcome(null);
    activate.mutate(
      { token: value },
      {
        onSuccess: (r) => {
          setUsername(r.username);
          setOutcome(r.state);
        },
        onError: (e) => setOutcome(refusalOutcome(e)),
      },
    );
  };

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    onTokenTaken();
    run(token);
    // Once per page: the token is single use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!outcome) {
    return (
      <div style={{ textAlign: 'center', padding: 32 }} data-testid="activate-status" data-status="pending">
        <Spin />
        <div style={{ marginTop: 12 }}>{t('activate.pending')}</div>
      </div>
    );
  }
  const toLogin = (
    <Button key="login" type="primary" onClick={() => navigate('/user/login')} data-testid="activate-to-login">
      {t('activate.toLogin')}
    </Button>
  );
  return (
    <div data-testid="activate-status" data-status={outcome}>
      <Result
        status={STATUS[outcome]}
        style={{ padding: '8px 0' }}
        title={<span data-testid="activate-title">{t(`activate.${outcome}.title`)}</span>}
        subTitle={t(`activate.${outcome}.text`, { username })}
        extra={
          outcome === 'failed' && token
            ? [
                <Button key="retry" onClick={() => run(token)} data-testid="activate-retry">
                  {t('activate.retry')}
                </Button>,
                toLogin,
              ]
            : outcome === 'expired' || outcome === 'unknown'
              ? undefined
              : [toLogin]
        }
      />
      {(outcome === 'expired' || outcome === 'unknown') && <ResendActivationForm />}
    </div>
  );
}
