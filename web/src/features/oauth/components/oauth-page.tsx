import { Alert, App, Button, Divider, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { SsoLoginResult } from '@shared/schemas/oauth';
import { useSessionStore } from '@web/lib/session-store';
import { useUserInfo } from '@web/lib/user-info';
import { codeFromSession, ssoLogin, useAuthorizeCheck } from '../api/sso-api';
import { isRequestRefusal } from '../lib/sso-request';
import {
  parseAuthorizeRequest,
  readAuthorizeParams,
  redirectBack,
  type AuthorizeRequest,
} from '../lib/authorize-request';
import { OauthError } from './oauth-error';
import { OauthFrame } from './oauth-frame';

type Send = (credentials: Record<string, string>) => Promise<SsoLoginResult>;

interface Props {
  /** The platform's sign-in form (the route supplies it): it sends its credentials form with `send`. */
  signInForm: (send: Send, onSuccess: (r: SsoLoginResult) => void) => ReactNode;
}

interface Refusal {
  problem: string;
  detail?: string;
}

/** Who asks: the host the user is sent back to (the only name a public call tells), and the client id. */
function Requester({ request }: { request: AuthorizeRequest }) {
  const { t } = useTranslation('apps');
  const host = new URL(request.redirect_uri).host;
  return (
    <div style={{ marginBottom: 16 }} data-testid="oauth-requester">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('oauth.asks', { name: host })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('oauth.asksHelp')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('fields.client_id')}: <Typography.Text code>{request.client_id}</Typography.Text>
      </Typography.Text>
    </div>
  );
}

/** Signed in already in this tab: a code from that session, without the password. */
function ContinueAs({
  request,
  onCode,
  onRefusal,
}: {
  request: AuthorizeRequest;
  onCode: (code: string) => void;
  onRefusal: (r: Refusal) => void;
}) {
  const { t } = useTranslation('apps');
  const { message } = App.useApp();
  const token = useSessionStore((s) => s.token);
  const me = useUserInfo().data?.user;
  const [busy, setBusy] = useState(false);
  if (!token || !me) return null;
  const go = async () => {
    setBusy(true);
    try {
      onCode((await codeFromSession(request)).auth_code);
    } catch (e) {
      if (isRequestRefusal(e)) onRefusal({ problem: 'unknown', detail: (e as Error).message });
      else void message.error((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="primary" block size="large" loading={busy} onClick={() => void go()} data-testid="oauth-continue">
        {t('oauth.continueAs', { name: me.ch_name || me.username })}
      </Button>
      <Divider plain>{t('oauth.otherAccount')}</Divider>
    </>
  );
}

/**
 * /pacsOauth: the authorisation page of the OAuth flow. Signs the user in for the app and sends the
 * browser back to the redirect URI with the code and the unchanged state; a request the server refuses
 * (unknown app, unregistered redirect URI) ends on an error here and never redirects.
 */
export function OauthPage({ signInForm }: Props) {
  const { t } = useTranslation('apps');
  const [hashQuery] = useSearchParams();
  const pageQuery = window.location.search;
  const parsed = useMemo(
    () => parseAuthorizeRequest(readAuthorizeParams(hashQuery, new URLSearchParams(pageQuery))),
    [hashQuery, pageQuery],
  );
  useEffect(() => {
    document.title = t('oauth.title');
  }, [t]);
  if (!parsed.ok) {
    return (
      <OauthFrame testId="oauth-page">
        <OauthError problem={parsed.problem} />
      </OauthFrame>
    );
  }
  // Another request (the query changed in place) starts afresh: no refusal of the last one carries over.
  return <OauthRequest key={`${hashQuery.toString()}|${pageQuery}`} request={parsed.request} signInForm={signInForm} />;
}

function OauthRequest({ request, signInForm }: Props & { request: AuthorizeRequest }) {
  const { t } = useTranslation('apps');
  const [refused, setRefusal] = useState<Refusal | null>(null);
  const [leaving, setLeaving] = useState(false);
  // An unknown app or an unregistered redirect URI is said before any password is typed.
  const check = useAuthorizeCheck(request);
  const refusal = refused ?? (check.data?.ok === false ? { problem: 'unknown', detail: check.data.detail } : null);
  if (check.isPending) {
    return (
      <OauthFrame testId="oauth-page">
        <Spin data-testid="oauth-checking" />
      </OauthFrame>
    );
  }
  if (refusal) {
    return (
      <OauthFrame testId="oauth-page">
        <OauthError problem={refusal.problem} detail={refusal.detail} />
      </OauthFrame>
    );
  }
  const back = (code: string) => {
    setLeaving(true);
    window.location.assign(redirectBack(request.redirect_uri, { code }, request.state));
  };
  const send: Send = async (credentials) => {
    try {
      return await ssoLogin(credentials, request);
    } catch (e) {
      if (isRequestRefusal(e)) setRefusal({ problem: 'unknown', detail: (e as Error).message });
      throw e;
    }
  };

  return (
    <OauthFrame testId="oauth-page">
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('oauth.title')}
      </Typography.Text>
      <Requester request={request} />
      {leaving ? (
        <Alert
          type="success"
          showIcon
          icon={<Spin size="small" />}
          title={t('oauth.redirecting')}
          data-testid="oauth-leaving"
        />
      ) : (
        <>
          <ContinueAs request={request} onCode={back} onRefusal={setRefusal} />
          {signInForm(send, (r) => back(r.auth_code))}
        </>
      )}
    </OauthFrame>
  );
}
