import './messages';
import type { ServerModule } from '../../platform/module';
import { wechatRoutes } from './routes';
import { wechatMenuRoutes } from './routes-menu';
import { wechatPublicRoutes } from './routes-public';
import { reportAudited } from '../report';
import { notifyReportReady } from './notify';

export const wechatModule: ServerModule = {
  name: 'wechat',
  routes: () => [wechatRoutes(), wechatMenuRoutes(), wechatPublicRoutes()],
  start: ({ deps }) => {
    // The patient hears that the report is ready (never delays or fails the audit).
    reportAudited.on(deps, (d, e) => notifyReportReady(d, e.rpt_pk, e.auditor_pk).then(() => undefined));
  },
};
