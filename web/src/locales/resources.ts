import enAuth from './en-US/auth.json';
import enCommon from './en-US/common.json';
import enMonitor from './en-US/monitor.json';
import enShell from './en-US/shell.json';
import enStudy from './en-US/study.json';
import zhAuth from './zh-CN/auth.json';
import zhCommon from './zh-CN/common.json';
import zhMonitor from './zh-CN/monitor.json';
import zhShell from './zh-CN/shell.json';
import zhStudy from './zh-CN/study.json';

export const resources = {
  'zh-CN': { common: zhCommon, auth: zhAuth, shell: zhShell, study: zhStudy, monitor: zhMonitor },
  'en-US': { common: enCommon, auth: enAuth, shell: enShell, study: enStudy, monitor: enMonitor },
} as const;
