import enUS from './texts-en-US';
import zhCN from './texts-zh-CN';

/** Both languages (tests and the i18next key types); the app loads one language at a time (lib/i18n.ts). */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS } as const;
