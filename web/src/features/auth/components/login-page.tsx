import { App, theme } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@shared/schemas/auth';
import { LanguageSwitch } from '@web/components/language-switch';
import { currentLocale } from '@web/lib/i18n';
import { useSessionStore } from '@web/lib/session-store';
import { systemTitle } from '@web/lib/system-title';
import { useFootTitle } from '../api/foot-title';
import { postLogin } from '../api/login';
import { rememberLogin } from '../lib/login-memory';
import { LoginForm } from './login-form';

interface LoginPageProps {
  /** Other ways to sign in that the app mounts here (the certificate dialog); they reuse the same success handling. */
  extra?: (onSuccess: (r: LoginResult) => void) => ReactNode;
  /** A message above the form (why the last session ended). */
  notice?: ReactNode;
}

export function LoginPage({ extra, notice }: LoginPageProps = {}) {
  const { t } = useTranslation('auth');
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const { data: foot } = useFootTitle();
  const title = systemTitle(foot?.title, currentLocale(), t('defaultTitle'));

  useEffect(() => {
    document.title = `${t('login.title')} - ${title}`;
  }, [t, title]);

  const onSuccess = (r: LoginResult) => {
    const { lowDisk } = rememberLogin(r);
    useSessionStore.getState().setSession(r.token, r.expires_in);
    if (r.password_expire_message) {
      notification.warning({ title: t('login.passwordExpiryTitle'), description: r.password_expire_message });
    }
    if (lowDisk && r.free_disk !== null) {
      notification.warning({ title: t('login.lowDiskTitle'), description: t('login.lowDisk', { gb: r.free_disk }) });
    }
    // The login route's guard now sends the signed-in user to the redirect target (or the order list).
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #0b2a4a 0%, #123d6b 55%, #1d5a94 100%)',
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch dark />
      </div>
      <h2
        style={{
          color: foot?.title_color || '#ffffff',
          margin: '0 0 24px',
          textAlign: 'center',
          fontSize: token.fontSizeHeading2,
          lineHeight: token.lineHeightHeading2,
          fontWeight: token.fontWeightStrong,
        }}
        data-testid="login-title"
      >
        {title}
      </h2>
      {/* A plain panel, not antd Card: Card brings Tabs, Menu and Dropdown into the login page's download. */}
      <section
        style={{
          width: '100%',
          maxWidth: 400,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
          fontSize: token.fontSize,
        }}
      >
        <h3
          style={{
            margin: 0,
            padding: `${token.paddingSM + 4}px ${token.paddingLG}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          {t('login.heading')}
        </h3>
        <div style={{ padding: token.paddingLG }}>
          {notice}
          <LoginForm foot={foot} send={postLogin} onSuccess={onSuccess} />
        </div>
      </section>
      {extra?.(onSuccess)}
      <span style={{ color: 'rgba(255,255,255,0.65)', marginTop: 24 }} data-testid="login-footer">
        {foot?.data}
        {foot?.version ? ` · v${foot.version}` : ''}
      </span>
    </div>
  );
}
