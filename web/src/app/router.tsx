import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '@shared/permissions';
import { ExceptionRedirect } from '@web/components/exception-redirect';
import { InDevelopment } from '@web/components/in-development';
import { PageLoading } from '@web/components/page-loading';
import { RequirePermission, SignedInShell } from './guards';
import { RootLayout } from './root-layout';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Spec routes without a page yet; they are reachable and say so. */
const PENDING_SIGNED_IN = [
  'dashboard',
  'doctorCount',
  'UserWorkCount',
  'WeChatManage',
  'wxmenu',
  'orderImage',
  'fileCount',
  'useTime',
  'monthCount',
  'zhanjiang',
  'app',
  'imgCount',
  'uploadZip',
  'printApply/:id',
  'readingVideo',
];
/** Spec: these skip the login check (login and 404 are routed separately). */
const PENDING_PUBLIC = [
  'user/register',
  'user/register-result',
  'screen',
  'wechat',
  'patientInfo',
  'readingFilm',
  'tempPreview',
  'pacsOauth',
  'sso',
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoading,
    children: [
      { path: '/user/login', lazy: page(() => import('./routes/login')) },
      { path: '/lock', lazy: page(() => import('./routes/lock')) },
      { path: '/rptPrint', lazy: page(() => import('./routes/report-print')) },
      { path: '/OpenImageStation', lazy: page(() => import('./routes/open-image-station')) },
      ...PENDING_PUBLIC.map((path) => ({ path: `/${path}`, element: <InDevelopment /> })),
      { path: '/403', element: <ExceptionRedirect status="403" /> },
      { path: '/404', element: <ExceptionRedirect status="404" /> },
      { path: '/500', element: <ExceptionRedirect status="500" /> },
      {
        element: <SignedInShell />,
        children: [
          { index: true, element: <Navigate to="/orderList" replace /> },
          { path: '/orderList', lazy: page(() => import('./routes/order-list')) },
          { path: '/account/collection', lazy: page(() => import('./routes/collection')) },
          { path: '/pwdErrorList', lazy: page(() => import('./routes/pwd-error-list')) },
          {
            path: '/writeRpt',
            element: <RequirePermission action={PERMISSIONS.DASHBOARD} />,
            children: [{ index: true, lazy: page(() => import('./routes/write-report')) }],
          },
          {
            path: '/simpleRpt',
            element: <RequirePermission action={PERMISSIONS.DASHBOARD} />,
            children: [{ index: true, lazy: page(() => import('./routes/simple-report')) }],
          },
          {
            path: '/shareRptInfo',
            element: (
              <RequirePermission action={PERMISSIONS.DASHBOARD}>
                <InDevelopment />
              </RequirePermission>
            ),
          },
          { path: '/account/settings', lazy: page(() => import('./routes/account-settings')) },
          { path: '/printLabel', lazy: page(() => import('./routes/print-label')) },
          ...PENDING_SIGNED_IN.map((path) => ({ path: `/${path}`, element: <InDevelopment /> })),
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createHashRouter(routes);
