import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@web/components/page-loading';
import { ExceptionRedirect } from '@web/components/exception-redirect';
import { safeRedirect } from '@web/features/auth/lib/login-memory';
import { useSessionStore } from '@web/lib/session-store';
import { can, useUserInfo } from '@web/lib/user-info';

export function useLoginRedirect() {
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
