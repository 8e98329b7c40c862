import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '@web/components/page-loading';
import { useSessionEndWatch } from '@web/features/realtime/hooks/use-session-end-watch';
import { isApiError } from '@web/lib/api-error';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { useUserInfo } from '@web/lib/user-info';
import { ForcedPasswordChange } from './forced-password-change';
import { useLoginRedirect } from './guards';
import { AppShell } from './shell/app-shell';

/**
 * Signed-in pages: a token, not locked, user info loaded; then the shell around the page. Loaded lazily by
 * the router, so the login page does not download the shell (menus, tabs, header, bridge status).
 */
export default function SignedInShell() {
  const token = useSessionStore((s) => s.token);
  const locked = useSessionStore((s) => s.locked);
  const login = useLoginRedirect();
  const info = useUserInfo();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const failed = info.isError && !(isApiError(info.error) && info.error.status === 401);
  useSessionEndWatch();

  useEffect(() => {
    // Spec: a failed user-info load shows a system prompt, then logs out.
    if (!failed) return;
    modal.error({
      title: t('errors.systemPrompt'),
      content: t('errors.userInfoFailed'),
      onOk: () => void signOut(),
    });
  }, [failed, modal, t]);

  if (!token) return <Navigate to={login} replace />;
  if (locked) return <Navigate to="/lock" replace />;
  if (!info.data) return <PageLoading />;
  if (info.data.user.must_change_password) return <ForcedPasswordChange />;
  return <AppShell info={info.data} />;
}
