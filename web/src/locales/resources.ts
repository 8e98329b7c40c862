import enReport from './en-US/report.json';
import zhReport from './zh-CN/report.json';
import enReportDoc from './en-US/reportDoc.json';
import zhReportDoc from './zh-CN/reportDoc.json';
import enBridge from './en-US/bridge.json';
import zhBridge from './zh-CN/bridge.json';
import enAccount from './en-US/account.json';
import zhAccount from './zh-CN/account.json';
import enAuth from './en-US/auth.json';
import enCommon from './en-US/common.json';
import enMonitor from './en-US/monitor.json';
import enShell from './en-US/shell.json';
import enStudy from './en-US/study.json';
import enList from './en-US/list.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhMonitor from './zh-CN/monitor.json';
import zhShell from './zh-CN/shell.json';
import zhStudy from './zh-CN/study.json';
import zhList from './zh-CN/list.json';

export const resources = {
  'zh-CN': {
    common: zhCommon,
    auth: zhAuth,
    shell: zhShell,
    study: zhStudy,
    monitor: zhMonitor,
    report: zhReport,
    reportDoc: zhReportDoc,
    bridge: zhBridge,
    account: zhAccount,
    list: zhList,
  },
  'en-US': {
    common: enCommon,
    auth: enAuth,
    shell: enShell,
    study: enStudy,
    monitor: enMonitor,
    report: enReport,
    reportDoc: enReportDoc,
    bridge: enBridge,
    account: enAccount,
    list: enList,
  },
} as const;
