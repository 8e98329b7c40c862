import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoginResult } from '@shared/schemas/auth';
import { EntryFrame } from '@web/components/entry-frame';
import { feedback } from '@web/lib/feedback';
import { currentLocale } from '@web/lib/i18n';
import { useSessionStore } from '@web/lib/session-store';
import { systemTitle } from '@web/lib/system-title';
import { useFootTitle } from '../api/foot-title';
import { postLogin } from '../api/login';
import { rememberLogin } from '../lib/login-memory';
import { passwordNoticeText } from '../lib/password-notice';
import { LoginForm } from './login-form';

interface LoginPageProps {
  /** Other ways to sign in that the app mounts here (the certificate dialog); they reuse the same success handling. */
  extra?: (onSuccess: (r: LoginResult) => void) => ReactNode;
  /** A message above the form (why the last session ended). */
  notice?: ReactNode;
  /** The QR sign-in icon's action (see LoginForm). */
  onQr?: () => void;
}

export function LoginPage({ extra, notice, onQr }: LoginPageProps = {}) {
  const { t } = useTranslation('auth');
  const { data: foot } = useFootTitle();
  const title = systemTitle(foot?.title, currentLocale(), t('defaultTitle'));

  useEffect(() => {
    document.title = `${t('login.title')} - ${title}`;
  }, [t, title]);

  const onSuccess = (r: LoginResult) => {
    const { lowDisk, dbStrain } = rememberLogin(r);
    useSessionStore.getState().setSession(r.token, r.expires_in);
    const password = passwordNoticeText(r, t);
    if (password) feedback().notification.warning(password);
    if (lowDisk && r.free_disk !== null) {
      feedback().notification.warning({
        title: t('login.lowDiskTitle'),
        description: t('login.lowDisk', { gb: r.free_disk }),
        placement: 'bottomRight',
      });
    }
    if (dbStrain && r.db_strain) {
      feedback().notification.warning({
        title: t('login.dbStrainTitle'),
        description: t('login.dbStrain', { total: r.db_strain.shed + r.db_strain.waited }),
        // below, where it covers neither the header nor a dialog's close button, until dismissed
        placement: 'bottomRight',
        duration: 0,
      });
    }
    // The login route's guard now sends the signed-in user to the redirect target (or the order list).
  };

  return (
    <EntryFrame
      testId="login"
      title={title}
      titleColor={foot?.title_color}
      heading={t('login.heading')}
      below={
        <>
          {extra?.(onSuccess)}
          <span style={{ color: 'rgba(255,255,255,0.65)', marginTop: 24 }} data-testid="login-footer">
            {foot?.data}
            {foot?.version ? ` · v${foot.version}` : ''}
          </span>
        </>
      }
    >
      {notice}
      <LoginForm foot={foot} send={postLogin} onSuccess={onSuccess} onQr={onQr} />
      <div style={{ textAlign: 'center', marginTop: 4 }}>
        <Link to="/user/register" data-testid="login-register">
          {t('login.register')}
        </Link>
      </div>
    </EntryFrame>
  );
}
