import { Avatar, Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { WechatFinish } from '@shared/schemas/wechat-login';
import { isApiError } from '@web/lib/api-error';
import { useSessionStore } from '@web/lib/session-store';
import { finishWechat } from '../api/wechat-login-api';

type Outcome =
  { status: 'working' } | { status: 'done'; result: WechatFinish } | { status: 'failed'; error: string; msg: string };

/**
 * /wechat: where the platform's QR page lands (type login or bind, open_id, user_id, head_photo). The
 * address holds no token: this browser's cookie redeems the attempt once at /authorize/finish.
 */
export function WechatLanding() {
  const { t } = useTranslation('wechat');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = params.get('type') === 'bind' ? 'bind' : 'login';
  const urlError = params.get('error');
  const [outcome, setOutcome] = useState<Outcome>(
    urlError ? { status: 'failed', error: urlError, msg: '' } : { status: 'working' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (urlError || started.current) return;
    started.current = true;
    finishWechat()
      .then((result) => {
        setOutcome({ status: 'done', result });
        if (result.login) {
          useSessionStore.getState().setSession(result.login.token, result.login.expires_in);
          navigate('/orderList', { replace: true });
        }
      })
      .catch((e: unknown) =>
        setOutcome({
          status: 'failed',
          error: isApiError(e) ? e.error : 'NETWORK',
          msg: isApiError(e) ? e.message : '',
        }),
      );
  }, [urlError, navigate]);

  const head = params.get('head_photo') ?? '';
  const back =
    type === 'bind' ? (
      <Button type="primary" onClick={() => navigate('/account/settings?tab=security')} data-testid="wechat-back">
        {t('backToSecurity')}
      </Button>
    ) : (
      <Button type="primary" onClick={() => navigate('/user/login')} data-testid="wechat-back">
        {t('backToLogin')}
      </Button>
    );

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <div data-testid="wechat-landing" data-status={outcome.status} data-type={type} style={{ width: 480 }}>
        {outcome.status === 'working' && (
          <Result icon={<Spin size="large" />} title={type === 'bind' ? t('binding') : t('signingIn')} />
        )}
        {outcome.status === 'done' && (
          <Result
            status="success"
            icon={head ? <Avatar size={64} src={head} /> : undefined}
            title={type === 'bind' ? t('bound') : t('signedIn')}
            subTitle={outcome.result.nickname}
            extra={back}
          />
        )}
        {outcome.status === 'failed' && (
          <Result
            status="warning"
            title={type === 'bind' ? t('bindFailed') : t('loginFailed')}
            subTitle={
              <span data-testid="wechat-error" data-error={outcome.error}>
                {outcome.msg || t(`errors.${outcome.error}`, { defaultValue: t('errors.OTHER') })}
              </span>
            }
            extra={back}
          />
        )}
      </div>
    </div>
  );
}
