import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '@shared/permissions';
import { ExceptionRedirect } from '@web/components/exception-redirect';
import { PageLoading } from '@web/components/page-loading';
import { allTexts } from '@web/lib/i18n';
import { prefetchUserInfo } from '@web/lib/user-info';
import { RequirePermission } from './guards';
import { loadFeedbackApp, RootLayout, SIGN_IN_PATH } from './root-layout';
import { loadSignedInShell, loadWorklist } from './signed-in-code';

/** A route's screen, rendered once its code, every text of the page's language and antd's App are in. */
const screen = (load: () => Promise<ComponentType>) => async () => {
  const [Component] = await Promise.all([load(), allTexts(), loadFeedbackApp()]);
  return { Component };
};
const page = (load: () => Promise<{ default: ComponentType }>) => screen(async () => (await load()).default);

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageLoading,
    children: [
      // The sign-in page needs only the texts loaded before the first render (lib/i18n.ts).
      { path: SIGN_IN_PATH, lazy: async () => ({ Component: (await import('./routes/login')).default }) },
      { path: '/lock', lazy: page(() => import('./routes/lock')) },
      { path: '/rptPrint', lazy: page(() => import('./routes/report-print')) },
      { path: '/printApply/:id', lazy: page(() => import('./routes/print-apply')) },
      { path: '/OpenImageStation', lazy: page(() => import('./routes/open-image-station')) },
      { path: '/readingFilm', lazy: page(() => import('./routes/reading-film')) },
      { path: '/screen', lazy: page(() => import('./routes/screen')) },
      { path: '/pacsOauth', lazy: page(() => import('./routes/pacs-oauth')) },
      { path: '/wechat', lazy: screen(async () => (await import('./routes/late-pages')).wechatPage()) },
      { path: '/sso', lazy: screen(async () => (await import('./routes/late-pages')).ssoPage()) },
      { path: '/patientInfo', lazy: page(() => import('./routes/patient-info')) },
      { path: '/verify', lazy: page(() => import('./routes/verify')) },
      { path: '/tempPreview', lazy: page(() => import('./routes/temp-preview')) },
      { path: '/page1', lazy: screen(async () => (await import('./routes/static-page')).Page1) },
      { path: '/page2/:newId/:newTitle', lazy: screen(async () => (await import('./routes/static-page')).Page2) },
      { path: '/temp', lazy: screen(async () => (await import('./routes/static-page')).Temp) },
      { path: '/user/register', lazy: screen(async () => (await import('./routes/late-pages')).userRegisterPage()) },
      {
        path: '/user/register-result',
        lazy: screen(async () => (await import('./routes/late-pages')).userRegisterResultPage()),
      },
      { path: '/user/activate', lazy: screen(async () => (await import('./routes/late-pages')).userActivatePage()) },
      { path: '/403', element: <ExceptionRedirect status="403" /> },
      { path: '/404', element: <ExceptionRedirect status="404" /> },
      { path: '/500', element: <ExceptionRedirect status="500" /> },
      {
        // The shell loads with the first signed-in page, not with the login page; the user info meanwhile.
        lazy: () => {
          prefetchUserInfo();
          return page(loadSignedInShell)();
        },
        children: [
          { index: true, element: <Navigate to="/orderList" replace /> },
          { path: '/orderList', lazy: page(loadWorklist) },
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
            element: <RequirePermission action={PERMISSIONS.DASHBOARD} />,
            children: [{ index: true, lazy: page(() => import('./routes/share-rpt-info')) }],
          },
          { path: '/account/settings', lazy: page(() => import('./routes/account-settings')) },
          { path: '/printLabel', lazy: page(() => import('./routes/print-label')) },
          { path: '/system/hospital', lazy: page(() => import('./routes/system-hospital')) },
          { path: '/system/user', lazy: page(() => import('./routes/system-user')) },
          { path: '/system/role', lazy: page(() => import('./routes/system-role')) },
          { path: '/system/region', lazy: page(() => import('./routes/system-region')) },
          { path: '/system/config', lazy: page(() => import('./routes/system-config')) },
          { path: '/system/dict', lazy: page(() => import('./routes/system-dict')) },
          { path: '/system/scanp', lazy: page(() => import('./routes/system-scanp')) },
          { path: '/system/device', lazy: page(() => import('./routes/system-dicom-device')) },
          { path: '/system/audit', lazy: page(() => import('./routes/system-audit')) },
          { path: '/app', lazy: page(() => import('./routes/apps')) },
          { path: '/wxmenu', lazy: page(() => import('./routes/wechat-menu')) },
          { path: '/WeChatManage', lazy: page(() => import('./routes/wechat-manage')) },
          { path: '/system/callDevice', lazy: page(() => import('./routes/system-call-device')) },
          { path: '/system/usStation', lazy: page(() => import('./routes/system-us-station')) },
          { path: '/system/layout', lazy: page(() => import('./routes/system-layout')) },
          { path: '/register', lazy: page(() => import('./routes/queue-register')) },
          { path: '/callPanel', lazy: page(() => import('./routes/call-panel')) },
          { path: '/readingVideo', lazy: page(() => import('./routes/reading-video')) },
          { path: '/tools', lazy: page(() => import('./routes/tools')) },
          {
            path: '/uploadZip',
            element: <RequirePermission action={PERMISSIONS.UPLOAD_ZIP} />,
            children: [{ index: true, lazy: page(() => import('./routes/upload-zip')) }],
          },
          {
            path: '/recycle',
            element: <RequirePermission action={PERMISSIONS.ORDER_DELETE} />,
            children: [{ index: true, lazy: page(() => import('./routes/recycle')) }],
          },
          {
            path: '/critical',
            element: <RequirePermission action={PERMISSIONS.CRITICAL_MANAGE} />,
            children: [{ index: true, lazy: screen(async () => (await import('./routes/late-pages')).criticalPage()) }],
          },
          {
            path: '/imageEdit',
            element: <RequirePermission action={PERMISSIONS.IMAGE_EDIT} />,
            children: [
              { index: true, lazy: screen(async () => (await import('./routes/late-pages')).imageEditPage()) },
            ],
          },
          {
            path: '/orderImage',
            element: <RequirePermission action={PERMISSIONS.DELETE_IMAGE} />,
            children: [{ index: true, lazy: page(() => import('./routes/order-image')) }],
          },
          {
            // Statistics (issue 14): stats:view; each page is its own chunk, ECharts loads only with them.
            element: <RequirePermission action={PERMISSIONS.STATS_VIEW} />,
            children: [
              { path: '/UserWorkCount', lazy: page(() => import('./routes/user-work-count')) },
              { path: '/monthCount', lazy: page(() => import('./routes/month-count')) },
              { path: '/dashboard', lazy: page(() => import('./routes/dashboard')) },
              { path: '/doctorCount', lazy: page(() => import('./routes/doctor-count')) },
              { path: '/fileCount', lazy: page(() => import('./routes/file-count')) },
              { path: '/zhanjiang', lazy: page(() => import('./routes/zhanjiang')) },
              { path: '/imgCount', lazy: page(() => import('./routes/img-count')) },
            ],
          },
          { path: '/useTime', lazy: page(() => import('./routes/use-time')) },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createHashRouter(routes);
