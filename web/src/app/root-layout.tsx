import { theme } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '@web/components/page-loading';
import { loadOnce } from '@web/lib/load-once';
import { startTokenRefresh } from '@web/lib/token-refresh';

export const SIGN_IN_PATH = '/user/login';

type Wrapper = ComponentType<{ children: ReactNode }>;
let loaded: Wrapper | null = null;

/** antd's App with the feedback bridge; every route but the sign-in page waits for it (router.tsx). */
export const loadFeedbackApp = loadOnce(() => import('./feedback-app').then((m) => (loaded = m.default)));
const LazyFeedbackApp = lazy(async () => ({ default: await loadFeedbackApp() }));
// Chosen once: switching from the lazy wrapper to the loaded one would remount every page under it.
const feedbackApp = (): Wrapper => loaded ?? LazyFeedbackApp;

/** What antd's App gives its pages (base text, links), for the sign-in page rendered without it. */
function BareSurface({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
    '--rx-link': token.colorLink,
    '--rx-link-hover': token.colorLinkHover,
    '--rx-link-active': token.colorLinkActive,
  } as CSSProperties;
  return (
    <div className="rx-bare-surface" style={style}>
      {children}
    </div>
  );
}

/**
 * Around every route: scroll to top on navigation, token refresh while signed in, and antd's App (toasts,
 * notices, dialogs). A visit that starts on the sign-in page renders it without the App, so none of that
 * code is loaded before the page is interactive (its own feedback goes through lib/feedback's static
 * stand-ins); once any other page has been shown the App stays, so a toast raised as a session ends is not
 * taken down with the page that raised it.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const [App, setApp] = useState<Wrapper | null>(() => (pathname === SIGN_IN_PATH ? null : feedbackApp()));
  if (!App && pathname !== SIGN_IN_PATH) setApp(() => feedbackApp());
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => startTokenRefresh(), []);
  if (!App)
    return (
      <BareSurface>
        <Outlet />
      </BareSurface>
    );
  return (
    <Suspense fallback={<PageLoading />}>
      <App>
        <Outlet />
      </App>
    </Suspense>
  );
}
