import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { startTokenRefresh } from '@web/lib/token-refresh';

/** Around every route: scroll to top on navigation, token refresh while signed in. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => startTokenRefresh(), []);
  return <Outlet />;
}
