import './messages';
import type { ServerModule } from '../../platform/module';
import { wechatAccountRoutes } from './account-routes';
import { wechatLoginRoutes } from './login-routes';
import { wechatMenuRoutes } from './menu-routes';
import { wechatPublicRoutes } from './public-routes';
import { reportAudited } from '../report';
import { notifyReportReady } from './public-notify';
import { PERMISSIONS } from '@shared/permissions';

/**
 * One module, four features named alike in server, shared and web (docs/architecture.md "One name per
 * feature"): login-* (QR sign-in and binding), account-* (the accounts' settings), menu-* (the public
 * account's custom menu) and public-* (public-account binding, event push and report-ready notices).
 * account.ts, access-token.ts and platform-http.ts are the platform access all four share.
 */
export const wechatModule: ServerModule = {
  name: 'wechat',
  permissions: [PERMISSIONS.SYS_WECHAT],
  routes: () => [wechatLoginRoutes(), wechatAccountRoutes(), wechatMenuRoutes(), wechatPublicRoutes()],
  start: ({ deps }) => {
    // The patient hears that the report is ready (never delays or fails the audit).
    reportAudited.on(deps, (d, e) => notifyReportReady(d, e.rpt_pk, e.auditor_pk).then(() => undefined));
  },
};
