import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { useUserInfo } from '@web/lib/user-info';
import { useCheckApp, type CheckAppQuery } from '../api/sso-api';
import { OauthFrame } from './oauth-frame';

const LOGIN = `/user/login?redirect=${encodeURIComponent('/orderList')}`;

const readQuery = (params: URLSearchParams): CheckAppQuery => ({
  client_id: params.get('client_id')?.trim() ?? '',
  user_id: params.get('user_id')?.trim() ?? '',
  client_secret: params.get('client_secret') ?? '',
});

/**
 * The query as it came (a new link opened in place replaces it); the page then drops it from the address
 * bar and the history, since it holds a secret.
 */
function useLandingQuery(): CheckAppQuery {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const incoming = params.toString();
  const [seen, setSeen] = useState(incoming);
  const [query, setQuery] = useState(() => readQuery(params));
  if (incoming && incoming !== seen) {
    setSeen(incoming);
    setQuery(readQuery(params));
  }
  useEffect(() => {
    if (incoming) navigate('/sso', { replace: true });
  }, [incoming, navigate]);
  return query;
}

/**
 * /sso (client_id, user_id, client_secret): asks GET /sso/checkApp whether the app holds a live grant of
 * the user. Confirmed and already signed in here as that user: on to the order list; confirmed otherwise:
 * the sign-in page (an app's secret alone never signs anyone in, docs/oauth.md); refused: the reason.
 */
export function SsoLanding() {
  const { t } = useTranslation('apps');
  const query = useLandingQuery();
  const navigate = useNavigate();
  const check = useCheckApp();
  const token = useSessionStore((s) => s.token);
  const me = useUserInfo();
  const complete = !!(query.client_id && query.user_id && query.client_secret);
  const { mutate } = check;

  useEffect(() => {
    document.title = t('sso.title');
    if (complete) mutate(query);
  }, [complete, mutate, query, t]);

  const toLogin = async () => {
    if (token) await signOut();
    navigate(LOGIN);
  };
  const frame = (body: React.ReactNode) => <OauthFrame testId="sso-page">{body}</OauthFrame>;
  const loginButton = (label: string, testId: string) => (
    <Button type="primary" onClick={() => void toLogin()} data-testid={testId}>
      {label}
    </Button>
  );

  if (!complete) {
    return frame(
      <Result
        status="warning"
        title={t('sso.failed')}
        subTitle={t('sso.missing')}
        data-testid="sso-error"
        extra={loginButton(t('sso.toLogin'), 'sso-to-login')}
      />,
    );
  }
  if (check.isError) {
    return frame(
      <Result
        status="error"
        title={t('sso.failed')}
        subTitle={check.error.message}
        data-testid="sso-error"
        extra={loginButton(t('sso.toLogin'), 'sso-to-login')}
      />,
    );
  }
  if (check.isSuccess && !(token && me.isLoading)) {
    if (me.data?.user.username === query.user_id) return <Navigate to="/orderList" replace />;
    return frame(
      <Result
        status="success"
        title={t('sso.confirmed')}
        subTitle={t('sso.confirmedHelp', { user: query.user_id })}
        data-testid="sso-confirmed"
        extra={loginButton(t('sso.continue'), 'sso-continue')}
      />,
    );
  }
  return frame(
    <div style={{ textAlign: 'center', padding: 24 }} data-testid="sso-checking">
      <Spin />
      <div style={{ marginTop: 12 }}>{t('sso.signingIn')}</div>
    </div>,
  );
}
