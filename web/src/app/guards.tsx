import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@web/components/page-loading';
import { ExceptionRedirect } from '@web/components/exception-redirect';
import { safeRedirect } from '@web/features/auth/lib/login-memory';
import { isApiError } from '@web/lib/api-error';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { can, useUserInfo } from '@web/lib/user-info';
import { AppShell } from './shell/app-shell';

function useLoginRedirect() {
  const location = useLocation();
  const wanted = location.pathname + location.search;
  return `/user/login?redirect=${encodeURIComponent(wanted)}`;
}

/** Without a token: to the login page, remembering the wanted path. */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const login = useLoginRedirect();
  return token ? children : <Navigate to={login} replace />;
}

/** Signed-in pages: a token, not locked, user info loaded; then the shell around the page. */
export function SignedInShell() {
  const token = useSessionStore((s) => s.token);
  const locked = useSessionStore((s) => s.locked);
  const login = useLoginRedirect();
  const info = useUserInfo();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const failed = info.isError && !(isApiError(info.error) && info.error.status === 401);

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
  return <AppShell info={info.data} />;
}

/** Permission-protected routes (spec: collection needs 'user'; writeRpt and shareRptInfo 'dashboard'). */
/** Renders its children, or the nested route when used as a layout route. */
export function RequirePermission({ action, children }: { action: string; children?: ReactNode }) {
  const { data } = useUserInfo();
  if (!data) return <PageLoading />;
  if (!can(data, action)) return <ExceptionRedirect status="403" />;
  return children ?? <Outlet />;
}

/**
 * The login page is for signed-out users; a signed-in one goes to the redirect target, else the order
 * list (or the lock screen). This is also what moves the user on right after signing in.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const locked = useSessionStore((s) => s.locked);
  const [params] = useSearchParams();
  if (token) return <Navigate to={locked ? '/lock' : safeRedirect(params.get('redirect'))} replace />;
  return children;
}
